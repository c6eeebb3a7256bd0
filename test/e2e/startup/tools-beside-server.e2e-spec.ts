import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, portIsOpen } from '../../support/free-port';
import { runCli } from '../../support/run-cli';
import { startServerProcess, stopServer, waitForOk, type ServerProcess } from '../../support/server-process';

/** The year and month of today, as the billing tool takes it. */
const thisMonth = () => new Date().toISOString().slice(0, 7);

/**
 * Issue 30, finding 9: the command-line tools on the embedded database, as the README documents
 * them. Beside a running `npm start` on the same DATA_DIR a tool uses that server's PostgreSQL
 * (it never starts or stops it: the server keeps its database and its owner record); run alone,
 * it starts its own and stops it when done.
 */
describe('The command-line tools on the embedded database', () => {
  jest.setTimeout(240_000);
  let dataDir: string;
  let port: number;
  let pgPort: number;
  let server: ServerProcess;
  const ownerFile = () => path.join(dataDir, 'embedded-postgres.owner.json');
  const tool = (name: Parameters<typeof runCli>[0], args: string[], env: Record<string, string> = {}) =>
    runCli(name, undefined, args, { DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...env });

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-tools-'));
    fs.chmodSync(dataDir, 0o755);
    port = await freePort();
    pgPort = await freePort();
    server = startServerProcess({
      PORT: String(port),
      PUBLIC_URL: `http://127.0.0.1:${port}`,
      DATA_DIR: dataDir,
      EMBEDDED_PG_PORT: String(pgPort),
      LOG_LEVEL: 'warn',
    });
    await waitForOk(`http://127.0.0.1:${port}/api/health/ready`, 120_000, server);
  });

  afterAll(async () => {
    await stopServer(server);
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('beside a running server, every tool works on its PostgreSQL and leaves it running', async () => {
    const owner = fs.readFileSync(ownerFile(), 'utf8');
    expect(JSON.parse(owner).pid).toBe(server.child.pid);
    const runs = [
      { name: 'migrate', args: [], says: /up to date/ },
      { name: 'staff', args: ['add-admin', '--email', 'beside@example.com', '--name', 'Beside Server'], says: /beside@example\.com/ },
      { name: 'sessions', args: ['list', '--email', 'beside@example.com'], says: /No sessions\./ },
      { name: 'billing', args: ['run', '--month', thisMonth(), '--dry-run'], says: /^Dry run: / },
    ] as const;
    for (const { name, args, says } of runs) {
      const { code, out } = await tool(name, [...args]);
      expect([name, code, out]).toEqual([name, 0, expect.stringMatching(says)]);
      // The server's database is still up, still its own.
      expect((await fetch(`http://127.0.0.1:${port}/api/health/ready`)).status).toBe(200);
      expect(fs.readFileSync(ownerFile(), 'utf8')).toBe(owner);
    }
    // The server's own port is read from its PostgreSQL's lock file: a tool told another port still finds it.
    const elsewhere = await freePort();
    const listed = await tool('sessions', ['list'], { EMBEDDED_PG_PORT: String(elsewhere) });
    expect([listed.code, await portIsOpen(elsewhere)]).toEqual([0, false]);
  });

  it('alone, a tool starts its own PostgreSQL and stops it when done', async () => {
    expect(await stopServer(server)).toBe(0);
    expect(await portIsOpen(pgPort)).toBe(false);
    for (const [name, args] of [
      ['sessions', ['list']],
      ['billing', ['run', '--month', thisMonth(), '--dry-run']],
    ] as const) {
      const { code, out } = await tool(name, [...args]);
      expect([name, code]).toEqual([name, 0]);
      expect(out).not.toMatch(/still running/);
      expect([name, await portIsOpen(pgPort), fs.existsSync(ownerFile())]).toEqual([name, false, false]);
    }
  });
});
