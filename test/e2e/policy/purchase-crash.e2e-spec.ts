import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { freePort } from '../../support/free-port';
import { codeFromMail, waitForMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { readyToPay, cardToken, purchaseBody } from '../../support/purchase-flow';
import { startServerProcess, waitForOk, type ServerProcess } from '../../support/server-process';
import { uniqueEmail } from '../../support/sign-in';
import { serverEnvOn } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/**
 * The built server killed (SIGKILL, as a crash or an out-of-memory kill would) after the card
 * is charged and before the policy is written; started again, the same purchase retried with
 * the same key gives the original outcome: one charge, one policy.
 */
describe('A purchase interrupted by a crash between the charge and the policy', () => {
  jest.setTimeout(180_000);
  let database: { url: string; drop(): Promise<void> };
  let port: number;
  let server: ServerProcess | undefined;

  const env = (extra: Record<string, string> = {}) => ({
    APP_ENV: 'TEST',
    ...serverEnvOn(port, database.url),
    LOG_LEVEL: 'warn',
    ...extra,
  });

  async function start(extra: Record<string, string> = {}): Promise<ServerProcess> {
    const started = startServerProcess(env(extra));
    await waitForOk(`http://127.0.0.1:${port}/api/health`, 90_000, started);
    return started;
  }

  const rows = <T>(sql: string, params: unknown[]) => queryRows<T>({ databaseUrl: database.url }, sql, params);

  beforeAll(async () => {
    database = await createTestDatabase();
    port = await freePort();
  });

  afterAll(async () => {
    if (server && server.child.exitCode === null && server.child.signalCode === null) {
      server.child.kill('SIGTERM');
      await server.exited;
    }
    await database.drop();
  });

  it('gives the original outcome on retry, with no second charge', async () => {
    server = await start({ PURCHASE_FAULT: 'kill-after-charge' });
    const url = `http://127.0.0.1:${port}`;
    // The same cookie jar across both processes: sessions live in Postgres.
    const client = request.agent(url).set('Origin', url);
    const email = uniqueEmail('crash');
    await client.post('/api/auth/magic-link').send({ email }).expect(200);
    const code = codeFromMail(await waitForMail(database.url, email));
    await client.post('/api/auth/exchange-token').send({ code }).expect(200);
    const quoteId = await readyToPay(client);
    const body = purchaseBody(quoteId, await cardToken(client));
    const key = randomUUID();

    await expect(client.post('/api/policies').set('Idempotency-Key', key).send(body)).rejects.toThrow();
    await server.exited;
    expect(server.child.signalCode).toBe('SIGKILL');
    const charged = await rows<{ status: string; used_for: string | null }>('SELECT status, used_for FROM payment_charges WHERE reference = $1', [quoteId]);
    expect(charged).toEqual([{ status: 'succeeded', used_for: null }]);
    expect(await rows('SELECT id FROM policies WHERE quote_id = $1', [quoteId])).toEqual([]);

    server = await start();
    const retried = await client.post('/api/policies').set('Idempotency-Key', key).send(body).expect(201);
    expect(retried.body.payload.status).toBe('active');
    const policyId = retried.body.payload.policy.id;
    const after = await rows<{ status: string; used_for: string; attempts: number }>(
      'SELECT status, used_for, attempts FROM payment_charges WHERE reference = $1',
      [quoteId],
    );
    expect(after).toEqual([{ status: 'succeeded', used_for: `policy:${policyId}`, attempts: 1 }]);
    expect(await rows('SELECT count(*)::int AS n FROM sandbox_charges', [])).toEqual([{ n: 1 }]);
    expect(await rows('SELECT id FROM policies WHERE quote_id = $1', [quoteId])).toEqual([{ id: policyId }]);
    // And again: the stored outcome.
    const third = await client.post('/api/policies').set('Idempotency-Key', key).send(body).expect(201);
    expect(third.body.payload.policy.id).toBe(policyId);
  });
});
