import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { embeddedUrl, EMBEDDED_DATABASE } from '../../../src/database/embedded-postgres';
import { freePort, portIsOpen } from '../../support/free-port';
import { codeFromMail, waitForMail } from '../../support/mailbox';
import { startServerProcess, stopServer, waitForOk, type ServerProcess } from '../../support/server-process';

/**
 * The fault suite's server part, on the embedded database as `npm start` runs it (PRODUCTION,
 * no DATABASE_URL, the local mailbox): the server killed with kill -9 leaves its PostgreSQL
 * running; the next start on the same DATA_DIR takes over (stops the orphan, starts its own)
 * and every session is still signed in. A PostgreSQL that belongs to a live server is never touched.
 */
describe('The server killed with kill -9 and started again on the same DATA_DIR', () => {
  jest.setTimeout(180_000);
  let dataDir: string;
  let port: number;
  let pgPort: number;
  const servers: ServerProcess[] = [];
  const env = (httpPort = port) => ({
    PORT: String(httpPort),
    PUBLIC_URL: `http://127.0.0.1:${httpPort}`,
    DATA_DIR: dataDir,
    EMBEDDED_PG_PORT: String(pgPort),
    LOG_LEVEL: 'warn',
  });
  const url = () => `http://127.0.0.1:${port}`;

  async function start(httpPort = port): Promise<ServerProcess> {
    const server = startServerProcess(env(httpPort));
    servers.push(server);
    await waitForOk(`http://127.0.0.1:${httpPort}/api/health`, 90_000, server);
    return server;
  }

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-killed-'));
    fs.chmodSync(dataDir, 0o755);
    port = await freePort();
    pgPort = await freePort();
  });

  afterAll(async () => {
    for (const server of servers) await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('starts again, taking over the PostgreSQL the dead server left, and the session is still signed in', async () => {
    const first = await start();
    const headers = { 'Content-Type': 'application/json', Origin: url() };
    const email = 'killed-server@example.com';
    await fetch(`${url()}/api/auth/magic-link`, { method: 'POST', headers, body: JSON.stringify({ email }) });
    const code = codeFromMail(await waitForMail(embeddedUrl(pgPort, EMBEDDED_DATABASE), email));
    const exchanged = await fetch(`${url()}/api/auth/exchange-token`, { method: 'POST', headers, body: JSON.stringify({ code }) });
    expect(exchanged.status).toBe(200);
    const cookie = exchanged.headers.get('set-cookie')!.split(';')[0];

    first.child.kill('SIGKILL');
    await first.exited;
    expect(await portIsOpen(pgPort)).toBe(true); // the orphan, still running

    const second = await start();
    const session = await (await fetch(`${url()}/api/session`, { headers: { Cookie: cookie } })).json();
    expect(session.payload.userEmail).toBe(email);
    expect(await stopServer(second)).toBe(0);
    expect(await portIsOpen(pgPort)).toBe(false);
  });

  it('never takes the PostgreSQL of a server that is alive: a second server on the same DATA_DIR stops with one line', async () => {
    const live = await start();
    const otherPort = await freePort();
    const intruder = startServerProcess(env(otherPort));
    servers.push(intruder);
    expect(await intruder.exited).toBe(1);
    const refusals = intruder
      .output()
      .split('\n')
      .filter((line) => line.startsWith('Meterly could not start:'));
    expect(refusals).toHaveLength(1);
    expect(refusals[0]).toMatch(/belongs to a Meterly server that is still running \(pid \d+\)\. Stop that server first/);
    expect((await fetch(`${url()}/api/health`)).status).toBe(200);
    expect(await stopServer(live)).toBe(0);
  });
});
