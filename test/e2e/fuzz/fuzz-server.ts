import { freePort } from '../../support/free-port';
import { startServerProcess, waitForOk, type ServerProcess } from '../../support/server-process';
import { serverEnvOn, type TestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/**
 * The built server in a process of its own, on a fresh database: a request that spins its event
 * loop (a day list over ten thousand years, say) shows as a client-side timeout instead of
 * freezing the test, and `restart` brings it back on the same port and database, where the
 * sessions and device tokens the fuzz holds still work.
 */
export interface FuzzServer extends Pick<TestApp, 'url' | 'databaseUrl'> {
  /** Whether the server answers its health check within a couple of seconds. */
  healthy(): Promise<boolean>;
  restart(): Promise<void>;
  close(): Promise<void>;
}

export async function startFuzzServer(env: Record<string, string> = {}): Promise<FuzzServer> {
  const database = await createTestDatabase();
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const environment = { APP_ENV: 'TEST', ...serverEnvOn(port, database.url), ...env };
  let server: ServerProcess = startServerProcess(environment);
  await waitForOk(`${url}/api/health`, 60_000, server);

  async function stop(): Promise<void> {
    if (server.child.exitCode !== null || server.child.signalCode !== null) return;
    server.child.kill('SIGKILL');
    await server.exited;
  }

  return {
    url,
    databaseUrl: database.url,
    healthy: async () => {
      try {
        return (await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2_000) })).ok;
      } catch {
        return false;
      }
    },
    restart: async () => {
      await stop();
      server = startServerProcess(environment);
      await waitForOk(`${url}/api/health`, 60_000, server);
    },
    close: async () => {
      await stop();
      await database.drop();
    },
  };
}
