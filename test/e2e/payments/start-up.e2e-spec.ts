import { freePort } from '../../support/free-port';
import { startServerProcess } from '../../support/server-process';
import { serverEnvOn } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

describe('Starting the server without Stripe keys', () => {
  jest.setTimeout(60_000);

  it('refuses in PRODUCTION on an external database, saying what to set', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    try {
      const server = startServerProcess({
        ...serverEnvOn(port, database.url),
        APP_ENV: 'PRODUCTION',
        SMTP_URL: 'smtp://127.0.0.1:2525',
      });
      expect(await server.exited).toBe(1);
      // One line, before anything starts: a deployment rule (src/config/deployment-rules.ts).
      expect(server.output().trim()).toBe(
        'Configuration error: Set the Stripe keys (STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET) in PRODUCTION when DATABASE_URL is set, or PAYMENTS_SANDBOX=true to take test cards only',
      );
    } finally {
      await database.drop();
    }
  });
});
