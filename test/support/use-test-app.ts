import { Client } from 'pg';
import request from 'supertest';
import { drainMail, mailCount, waitForMail } from './mailbox';
import { browserLike, signIn, uniqueEmail } from './sign-in';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp, type TestAppOptions } from './test-app';
import type { Clock } from '../../src/common/clock/clock';
import type { NestExpressApplication } from '@nestjs/platform-express';

export interface UseTestAppOptions extends TestAppOptions {
  /** process.env for the app while it runs (put back when it closes). */
  env?: Record<string, string>;
  /** Also open one pg client on the app's database for the file's own queries (`t.db`). */
  db?: boolean;
  /** Wait for the queued mail to be sent before the app and its database close (a job mid-send on a closed pool fails the file). */
  drainMail?: boolean;
}

/** The app a test file shares: usable inside its tests and hooks, once the file's beforeAll has run. */
export interface TestAppHandle extends TestApp {
  /** The pg client on the app's database, with `useTestApp({ db: true })`. */
  readonly db: Client;
  /** The clock the app was given (`useTestApp({ clock })`). */
  readonly clock: Clock | undefined;
  /** A plain supertest request to the app (no cookies kept). */
  http(): request.Agent;
  /** A cookie-keeping client that calls the API as our own pages do (Origin: the site). */
  browserLike(): request.Agent;
  /** A client signed in through the mailbox as `email` (a new address unless told). */
  signIn(email?: string): Promise<request.Agent>;
  waitForMail(to: string, options?: { seen?: number; timeoutMs?: number }): ReturnType<typeof waitForMail>;
  mailCount(to: string): Promise<number>;
  /** Work for the file's afterAll that needs the app still running: done, in order, before it closes. */
  beforeClose(work: () => unknown): void;
}

/**
 * One app with its database for the enclosing describe block (or file): the real AppModule on a
 * fresh copy of the migrated template, started in a beforeAll and closed, with its database and
 * env, in an afterAll. Options that are only known once an earlier beforeAll has run (a fake
 * server's port, another app's database) are given as a function, called when the app starts.
 *
 *     const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock, db: true });
 *     it('…', async () => { const client = await sut.signIn(); … sut.db.query(…) });
 */
export function useTestApp(options: UseTestAppOptions | (() => UseTestAppOptions | Promise<UseTestAppOptions>) = {}): TestAppHandle {
  let current: TestApp | undefined;
  let db: Client | undefined;
  let clock: Clock | undefined;
  const closing: (() => unknown)[] = [];

  const started = (): TestApp => {
    if (!current) throw new Error('The test app is not running: use it inside a test or hook, after useTestApp registered its beforeAll.');
    return current;
  };

  const close = async () => {
    const app = current;
    const client = db;
    if (app) for (const work of closing) await work();
    current = undefined;
    db = undefined;
    await client?.end();
    await app?.close();
  };

  const start = async () => {
    const { env = {}, db: withDb = false, drainMail: drain = false, ...appOptions } = typeof options === 'function' ? await options() : options;
    clock = appOptions.clock;
    if (drain) closing.unshift(() => drainMail(handle));
    current = await createTestApp(env, appOptions);
    if (withDb) {
      db = new Client({ connectionString: current.databaseUrl });
      await db.connect();
    }
  };

  // A start that outlives its hook's time-out still ends in an app: the afterAll waits for it and
  // closes it, instead of leaving its job workers running into the next file's environment.
  let starting: Promise<void> | undefined;
  beforeAll(() => (starting = start()), APP_START_TIMEOUT_MS);
  afterAll(async () => {
    await starting?.catch(() => undefined);
    await close();
  });

  const handle: TestAppHandle = {
    get app(): NestExpressApplication {
      return started().app;
    },
    get url() {
      return started().url;
    },
    get databaseUrl() {
      return started().databaseUrl;
    },
    get db() {
      started();
      if (!db) throw new Error('No database client: ask for one with useTestApp({ db: true }).');
      return db;
    },
    get clock() {
      return clock;
    },
    close,
    http: () => request.agent(handle.url),
    browserLike: () => browserLike(handle),
    signIn: (email = uniqueEmail()) => signIn(handle, email),
    waitForMail: (to, mailOptions) => waitForMail(handle.databaseUrl, to, mailOptions),
    mailCount: (to) => mailCount(handle.databaseUrl, to),
    beforeClose: (work) => closing.push(work),
  };
  return handle;
}

/**
 * A client signed in as `email` for the enclosing describe block, made in a beforeAll (after the
 * app's): usable inside its tests and hooks like the client itself.
 *
 *     const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
 *     const agent = signedInAs(sut, 'agent@meterly.test');
 */
export function signedInAs(app: TestApp, email: string): request.Agent {
  let client: request.Agent | undefined;
  beforeAll(async () => {
    client = await signIn(app, email);
  });
  return new Proxy({} as request.Agent, {
    get(_target, property) {
      if (!client) throw new Error(`Not signed in as ${email} yet: use the client inside a test or hook.`);
      const value = Reflect.get(client, property, client);
      return typeof value === 'function' ? value.bind(client) : value;
    },
  });
}
