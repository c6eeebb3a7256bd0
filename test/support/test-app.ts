import 'reflect-metadata';
import { writeSync } from 'node:fs';
import { Test } from '@nestjs/testing';
import { AppModule } from '../../src/app.module';
import { configureApp, NEST_APP_OPTIONS } from '../../src/bootstrap/configure-app';
import { Clock } from '../../src/common/clock/clock';
import { freePort } from './free-port';
import { createTestDatabase } from './test-database';
import type { NestExpressApplication } from '@nestjs/platform-express';

export interface TestApp {
  app: NestExpressApplication;
  /** e.g. http://127.0.0.1:41234 */
  url: string;
  databaseUrl: string;
  close(): Promise<void>;
}

/**
 * How long a file's hook may take to start its app: its database copy, AppModule and the port.
 * A second here, but a busy 2-core CI machine once took over 30 s (the e2e default) for two
 * files starting together; a start is not what those tests measure, so only a hang fails it.
 */
export const APP_START_TIMEOUT_MS = 120_000;

/**
 * Three jest workers, their PostgreSQL and Chromium share two cores in CI: a request there can
 * wait seconds for the CPU, which the site's deadlines (2 s for a connection, 3 s for a statement)
 * rightly answer with a 503 — and a test of a purchase or a session race then fails on the
 * machine's load, not on what it tests (three CI runs did). The test apps get unhurried deadlines;
 * the fault suite that tests the deadlines themselves asks for the site's own.
 */
const UNHURRIED_DATABASE_DEADLINES = {
  DATABASE_CONNECT_TIMEOUT_MS: '10000',
  DATABASE_STATEMENT_TIMEOUT_MS: '15000',
  DATABASE_QUERY_TIMEOUT_MS: '20000',
};

/** The deadlines the site ships with (empty: the default), for the tests of a frozen or lost database. */
export const SITE_DATABASE_DEADLINES = { DATABASE_CONNECT_TIMEOUT_MS: '', DATABASE_STATEMENT_TIMEOUT_MS: '', DATABASE_QUERY_TIMEOUT_MS: '' };

export const TEST_SESSION_SECRET = 'test-session-secret-that-is-long-enough-0123456789';

/** The built server's settings on `port` over a test database (for startServerProcess): what each such spec adds to. */
export function serverEnvOn(port: number, databaseUrl: string): Record<string, string> {
  return { PORT: String(port), PUBLIC_URL: `http://127.0.0.1:${port}`, DATABASE_URL: databaseUrl, SESSION_SECRETS: TEST_SESSION_SECRET };
}

/**
 * The real AppModule with production's pipeline (configureApp), on its own database copied
 * from the migrated template, listening on a free loopback port.
 */
export interface TestAppOptions {
  clock?: Clock;
  /** Use this database (another instance's, say) instead of a fresh copy of the template. */
  databaseUrl?: string;
}

export async function createTestApp(env: Record<string, string> = {}, options: TestAppOptions = {}): Promise<TestApp> {
  const timing = startTiming();
  const database = options.databaseUrl ? { url: options.databaseUrl, drop: async () => undefined } : await createTestDatabase();
  timing.mark('database');
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const restoreEnv = setEnv({
    APP_ENV: 'TEST',
    DATABASE_URL: database.url,
    SESSION_SECRETS: TEST_SESSION_SECRET,
    PORT: String(port),
    PUBLIC_URL: url,
    ...UNHURRIED_DATABASE_DEADLINES,
    ...env,
  });
  let builder = Test.createTestingModule({ imports: [AppModule] });
  if (options.clock) builder = builder.overrideProvider(Clock).useValue(options.clock);
  const moduleRef = await builder.compile();
  timing.mark('modules');
  const app = moduleRef.createNestApplication<NestExpressApplication>(NEST_APP_OPTIONS);
  await configureApp(app);
  await app.listen(port, '127.0.0.1');
  timing.mark('listening');
  timing.reportIfSlow();
  return {
    app,
    url,
    databaseUrl: database.url,
    close: async () => {
      await app.close();
      await database.drop();
      restoreEnv();
    },
  };
}

/**
 * The phases of a start, written straight to the worker's stderr when the whole took over 20 s:
 * it says where a start that nearly (or did) time out waited. Past the output capture on purpose,
 * so a file scanning its own logs for warnings never sees it.
 */
function startTiming(): { mark(phase: string): void; reportIfSlow(): void } {
  const began = Date.now();
  let last = began;
  const phases: Record<string, number> = {};
  return {
    mark(phase) {
      const now = Date.now();
      phases[phase] = now - last;
      last = now;
    },
    reportIfSlow() {
      const totalMs = last - began;
      if (totalMs > 20_000) writeSync(2, `Slow test app start: ${totalMs} ms (${JSON.stringify(phases)})\n`);
    },
  };
}

/**
 * The app reads its configuration from process.env, which a jest worker shares between test
 * files: what one file sets (LOG_LEVEL=debug to scan the logs, say) is put back when its app
 * closes, so the next file runs quiet on the defaults.
 */
function setEnv(values: Record<string, string>): () => void {
  const before = new Map(Object.keys(values).map((key) => [key, process.env[key]]));
  Object.assign(process.env, values);
  return () => {
    for (const [key, value] of before) {
      if (value === undefined) delete process.env[key];
      else process.env[key] = value;
    }
  };
}
