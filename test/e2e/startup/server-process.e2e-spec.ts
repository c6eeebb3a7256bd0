import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { freePort, portIsOpen } from '../../support/free-port';
import { startServerProcess, stopServer, waitForOk } from '../../support/server-process';

describe('The built server process (what npm start runs)', () => {
  jest.setTimeout(120_000);

  it('refuses a bad configuration with one readable line and exit code 1', async () => {
    const server = startServerProcess({ PORT: 'eighty' });
    expect(await server.exited).toBe(1);
    expect(server.output().trim()).toBe('Configuration error: PORT must be a whole number from 0 to 65535, got "eighty"');
  });

  describe('on the embedded PostgreSQL', () => {
    let dataDir: string;
    let port: number;
    let pgPort: number;
    const env = () => ({ PORT: String(port), DATA_DIR: dataDir, EMBEDDED_PG_PORT: String(pgPort), LOG_LEVEL: 'info' });

    beforeAll(async () => {
      dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-start-'));
      fs.chmodSync(dataDir, 0o755);
      port = await freePort();
      pgPort = await freePort();
    });

    afterAll(() => {
      fs.rmSync(dataDir, { recursive: true, force: true });
    });

    it('starts PostgreSQL, migrates, serves pages, logs JSON without secrets, and stops PostgreSQL on SIGTERM', async () => {
      const server = startServerProcess(env());
      try {
        await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000, server);
        const health = await (await fetch(`http://127.0.0.1:${port}/api/health`)).json();
        expect(health.payload.database).toBe('up');
        const home = await fetch(`http://127.0.0.1:${port}/es`, {
          headers: { 'x-correlation-id': 'startup-test-0001', cookie: 'meterly.sid=s%3Asecret-session-value' },
        });
        expect(home.status).toBe(200);
        expect(await home.text()).toContain('<html lang="es">');
        expect(fs.existsSync(path.join(dataDir, 'pg', 'PG_VERSION'))).toBe(true);
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      const lines = server
        .output()
        .split('\n')
        .filter((line) => line.startsWith('{'));
      const request = lines.map((line) => JSON.parse(line)).find((entry) => entry.correlationId === 'startup-test-0001');
      expect(request).toMatchObject({ req: { method: 'GET', url: '/es' }, res: { statusCode: 200 } });
      expect(server.output()).not.toContain('secret-session-value');
      expect(server.output()).toContain('Applied migrations');
      // Not on a terminal: JSON, and Nest's start-up chatter kept at debug.
      expect(server.output()).not.toMatch(/dependencies initialized|Mapped \{/);
      expect(lines.map((line) => JSON.parse(line)).find((entry) => entry.msg?.startsWith('Meterly is serving on'))).toBeDefined();
      expect(await portIsOpen(pgPort)).toBe(false);
    });

    it('starts again on the same data folder without migrating twice', async () => {
      const server = startServerProcess(env());
      try {
        await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000, server);
      } finally {
        expect(await stopServer(server)).toBe(0);
      }
      expect(server.output()).not.toContain('Applied migrations');
    });
  });
});
