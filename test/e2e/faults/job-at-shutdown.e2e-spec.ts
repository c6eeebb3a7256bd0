import net from 'node:net';
import { Client } from 'pg';
import { freePort } from '../../support/free-port';
import { browserLike } from '../../support/sign-in';
import { createTestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/**
 * A server stopped while a job runs (a deploy, a scale-down) gives the job a few seconds, marks
 * it failed for a retry, and closes its database pool. The job's handler may end later still: what
 * pg-boss then records about it must not reach the closed pool, whose refusal nobody awaits and
 * would end the process (an unhandled rejection), nor may the job be lost.
 */
describe('A job still running when the server stops', () => {
  jest.setTimeout(60_000);

  it('ends after the pool closed without an unhandled rejection, and the job waits for a retry', async () => {
    // An SMTP server that accepts and never greets: the sign-in mail's job waits on it.
    const held: net.Socket[] = [];
    const silent = net.createServer((socket) => held.push(socket));
    const port = await freePort();
    await new Promise<void>((resolve) => silent.listen(port, '127.0.0.1', resolve));
    const rejections: unknown[] = [];
    const onRejection = (reason: unknown) => rejections.push(reason);
    process.on('unhandledRejection', onRejection);
    const database = await createTestDatabase();
    try {
      const sut = await createTestApp({ SMTP_URL: `smtp://127.0.0.1:${port}` }, { databaseUrl: database.url });
      await browserLike(sut).post('/api/auth/magic-link').send({ email: 'held-mail@example.com' }).expect(200);
      for (let tries = 0; held.length === 0 && tries < 100; tries++) await new Promise((resolve) => setTimeout(resolve, 100));
      expect(held.length).toBeGreaterThan(0);

      await sut.close();
      // The mail server goes away: the handler fails now, after the pool has closed.
      for (const socket of held) socket.destroy();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      expect(rejections.map(String)).toEqual([]);

      const db = new Client({ connectionString: database.url });
      await db.connect();
      try {
        const { rows } = await db.query<{ state: string }>(`SELECT state::text AS state FROM pgboss.job WHERE name = 'mail.send'`);
        expect(rows).toEqual([{ state: 'retry' }]);
      } finally {
        await db.end();
      }
    } finally {
      process.off('unhandledRejection', onRejection);
      await new Promise<void>((resolve) => silent.close(() => resolve()));
      await database.drop();
    }
  });
});
