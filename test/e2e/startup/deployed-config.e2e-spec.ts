import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort } from '../../support/free-port';
import { startServerProcess, type ServerProcess } from '../../support/server-process';
import { serverEnvOn } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/** How the process ended within 20 s: its exit code, or 'still running' (then it is stopped). */
async function outcome(server: ServerProcess): Promise<number | null | 'still running'> {
  const exited = await Promise.race([server.exited, new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
  if (exited === 'still running') {
    server.child.kill('SIGTERM');
    await server.exited;
  }
  return exited;
}

describe('A deployed configuration without SMTP_URL (the local mailbox in production)', () => {
  jest.setTimeout(60_000);

  it.each(['PRODUCTION', 'STAGING'])('refuses to start in %s on DATABASE_URL with one line naming SMTP_URL', async (appEnv) => {
    const database = await createTestDatabase();
    const port = await freePort();
    try {
      const server = startServerProcess({
        ...serverEnvOn(port, database.url),
        PAYMENTS_SANDBOX: 'true',
        APP_ENV: appEnv,
      });
      expect(await outcome(server)).toBe(1);
      expect(server.output().trim()).toMatch(/^Configuration error: SMTP_URL must be set in (PRODUCTION|STAGING) when DATABASE_URL is set: [^\n]*$/);
    } finally {
      await database.drop();
    }
  });

  // Issue 30, item 1: the README's `npm start` (the embedded database, PRODUCTION by default)
  // behind a proxy with an https: PUBLIC_URL served the local mailbox and seeded the demo admin.
  describe('on the embedded database (the README start) reachable from elsewhere', () => {
    let dataDir: string;
    beforeAll(() => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-deployed-'));
    });
    afterAll(() => fs.rmSync(dataDir, { recursive: true, force: true }));

    it.each([
      [{ PUBLIC_URL: 'https://www.meterly.example' }, 'PUBLIC_URL \\(https://www\\.meterly\\.example\\) is not a loopback address'],
      [{ HOST: '0.0.0.0' }, 'HOST \\(0\\.0\\.0\\.0\\) is not a loopback address'],
    ])('refuses %j with one line naming SMTP_URL and why, before starting anything', async (env, why) => {
      const [port, pgPort] = [await freePort(), await freePort()];
      const server = startServerProcess({ PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), ...env });
      expect(await outcome(server)).toBe(1);
      expect(server.output().trim()).toMatch(new RegExp(`^Configuration error: SMTP_URL must be set in PRODUCTION when ${why}: [^\\n]*/dev/mailbox[^\\n]*$`));
      // Refused before the embedded database was even created.
      expect(fs.readdirSync(dataDir)).toEqual([]);
    });
  });
});
