import { freePort } from '../../support/free-port';
import { startServerProcess } from '../../support/server-process';
import { TEST_SESSION_SECRET } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

describe('A deployed configuration without SMTP_URL (the local mailbox in production)', () => {
  jest.setTimeout(60_000);

  it.each(['PRODUCTION', 'STAGING'])('refuses to start in %s on DATABASE_URL with one line naming SMTP_URL', async (appEnv) => {
    const database = await createTestDatabase();
    const port = await freePort();
    try {
      const server = startServerProcess({
        PORT: String(port),
        PUBLIC_URL: `http://127.0.0.1:${port}`,
        DATABASE_URL: database.url,
        SESSION_SECRETS: TEST_SESSION_SECRET,
        PAYMENTS_SANDBOX: 'true',
        APP_ENV: appEnv,
      });
      const exited = await Promise.race([server.exited, new Promise((resolve) => setTimeout(() => resolve('still running'), 20_000))]);
      if (exited === 'still running') {
        server.child.kill('SIGTERM');
        await server.exited;
      }
      expect(exited).toBe(1);
      expect(server.output().trim()).toMatch(/^Configuration error: SMTP_URL must be set when DATABASE_URL is set in (PRODUCTION|STAGING)[^\n]*$/);
    } finally {
      await database.drop();
    }
  });
});
