import { Client } from 'pg';
import { browserLike, signIn } from '../../support/sign-in';
import { createTestApp, type TestApp } from '../../support/test-app';

export type Browser = ReturnType<typeof browserLike>;

export interface StaffApp {
  readonly sut: TestApp;
  readonly db: Client;
  readonly admin: Browser;
  readonly agent: Browser;
  readonly customer: Browser;
}

/** An app with the demo accounts for a test file, its database, and the seeded admin, agent and customer signed in. */
export function staffApp(): StaffApp {
  const made = {} as { -readonly [K in keyof StaffApp]: StaffApp[K] };
  beforeAll(async () => {
    made.sut = await createTestApp({ SEED_DEMO: 'true' });
    made.db = new Client({ connectionString: made.sut.databaseUrl });
    await made.db.connect();
    made.admin = await signIn(made.sut, 'admin@meterly.test');
    made.agent = await signIn(made.sut, 'agent@meterly.test');
    made.customer = await signIn(made.sut, 'customer@meterly.test');
  });
  afterAll(async () => {
    await made.db?.end();
    await made.sut?.close();
  });
  return made;
}
