import { Client } from 'pg';
import { browserLike, signIn } from '../../support/sign-in';
import { useTestApp, type TestAppHandle } from '../../support/use-test-app';

export type Browser = ReturnType<typeof browserLike>;

export interface StaffApp {
  readonly sut: TestAppHandle;
  readonly db: Client;
  readonly admin: Browser;
  readonly agent: Browser;
  readonly customer: Browser;
}

/** An app with the demo accounts for a test file, its database, and the seeded admin, agent and customer signed in. */
export function staffApp(): StaffApp {
  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, db: true });
  const signedIn = {} as Pick<StaffApp, 'admin' | 'agent' | 'customer'>;
  beforeAll(async () => {
    Object.assign(signedIn, {
      admin: await signIn(sut, 'admin@meterly.test'),
      agent: await signIn(sut, 'agent@meterly.test'),
      customer: await signIn(sut, 'customer@meterly.test'),
    });
  });
  return {
    sut,
    get db() {
      return sut.db;
    },
    get admin() {
      return signedIn.admin;
    },
    get agent() {
      return signedIn.agent;
    },
    get customer() {
      return signedIn.customer;
    },
  };
}
