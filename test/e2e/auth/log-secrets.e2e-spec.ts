import { Client } from 'pg';
import { freePort } from '../../support/free-port';
import { codeFromMail } from '../../support/mailbox';
import { startServerProcess, stopServer, waitForOk } from '../../support/server-process';
import { startSmtpCapture } from '../../support/smtp-capture';
import { serverEnvOn } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

describe('What the server logs during a sign-in', () => {
  jest.setTimeout(90_000);

  it('never writes the code, the session id or the cookie value, even at debug level', async () => {
    const database = await createTestDatabase();
    const port = await freePort();
    const url = `http://127.0.0.1:${port}`;
    // STAGING on an external database needs SMTP_URL: the mail goes to a real SMTP server.
    const smtp = await startSmtpCapture();
    const server = startServerProcess({
      ...serverEnvOn(port, database.url),
      APP_ENV: 'STAGING',
      LOG_LEVEL: 'debug',
      SMTP_URL: smtp.url,
    });
    const secrets: string[] = [];
    try {
      await waitForOk(`${url}/api/health`, 60_000, server);
      const headers = { 'Content-Type': 'application/json', Origin: url };
      await fetch(`${url}/api/auth/magic-link`, { method: 'POST', headers, body: JSON.stringify({ email: 'logs@example.com' }) });
      const code = codeFromMail({ text: await smtp.waitFor('logs@example.com') });
      secrets.push(code);
      const exchanged = await fetch(`${url}/api/auth/exchange-token?code=${code}`, { method: 'POST', headers, body: JSON.stringify({ code }) });
      expect(exchanged.status).toBe(200);
      const cookie = exchanged.headers.get('set-cookie')!.split(';')[0];
      secrets.push(cookie.split('=')[1], decodeURIComponent(cookie.split('=')[1]));
      await fetch(`${url}/api/session`, { headers: { Cookie: cookie } });
      await fetch(`${url}/profile`, { headers: { Cookie: cookie } });
      await fetch(`${url}/api/auth/sign-out`, { method: 'POST', headers: { ...headers, Cookie: cookie }, body: '{}' });
      const db = new Client({ connectionString: database.url });
      await db.connect();
      const { rows } = await db.query('SELECT sid FROM session_revocations');
      await db.end();
      secrets.push(...rows.map((row) => row.sid as string));
    } finally {
      await stopServer(server);
      await smtp.close();
      await database.drop();
    }
    const output = server.output();
    expect(output).toContain('"url":"/api/auth/exchange-token?code=%5Bredacted%5D"');
    expect(secrets.length).toBeGreaterThanOrEqual(4);
    for (const secret of secrets) expect(output).not.toContain(secret);
  });
});
