import { freePort, portIsOpen } from '../../support/free-port';
import { startServerProcess, waitForOk, type ServerProcess } from '../../support/server-process';
import { TEST_SESSION_SECRET } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/**
 * Issue 30, item 3: the server listened on every interface, so anyone who could reach the
 * machine reached it directly, past the proxy. It listens where HOST says, loopback by default.
 * Two loopback addresses stand for "this interface" and "another one" (Linux answers all of
 * 127.0.0.0/8).
 */
describe('The address the built server listens on (HOST)', () => {
  jest.setTimeout(120_000);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let server: ServerProcess | undefined;

  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterEach(async () => {
    server?.child.kill('SIGTERM');
    await server?.exited;
    server = undefined;
  });
  afterAll(() => database.drop());

  const start = (port: number, env: Record<string, string> = {}) =>
    startServerProcess({ APP_ENV: 'TEST', DATABASE_URL: database.url, SESSION_SECRETS: TEST_SESSION_SECRET, PORT: String(port), ...env });

  it('listens on loopback 127.0.0.1 by default: http://localhost answers, another interface does not', async () => {
    const port = await freePort();
    server = start(port);
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 60_000, server);
    await waitForOk(`http://localhost:${port}/api/health`, 10_000, server);
    expect(await portIsOpen(port, '127.0.0.2')).toBe(false);
  });

  it('listens on the address HOST names, and only there', async () => {
    const port = await freePort();
    server = start(port, { HOST: '127.0.0.2', PUBLIC_URL: `http://127.0.0.2:${port}` });
    await waitForOk(`http://127.0.0.2:${port}/api/health`, 60_000, server);
    expect(await portIsOpen(port, '127.0.0.1')).toBe(false);
  });
});
