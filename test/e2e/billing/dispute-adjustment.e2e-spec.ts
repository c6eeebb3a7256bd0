import { randomUUID } from 'node:crypto';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { addDays, isoDay } from '../../../src/shared/dates/iso-day';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { createTestApp, type TestApp } from '../../support/test-app';
import { TestClock } from '../../support/test-clock';

/**
 * A day staff correct after its period was billed is adjusted on the next statement, once: the
 * statement is made by billing and the disputed day marked by miles (its owner), in one transaction.
 */
describe('A corrected day on the next statement (issue 18)', () => {
  jest.setTimeout(120_000);
  let sut: TestApp;
  const clock = new TestClock();
  const billing = () => sut.app.get(BillingService);

  beforeAll(async () => {
    sut = await createTestApp({ SEED_DEMO: 'true' }, { clock });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('adjusts the billed day by the accepted miles on the next statement, and marks the dispute with it', async () => {
    const email = uniqueEmail('adjusted');
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await client.post('/api/policies').set('Idempotency-Key', randomUUID()).send(purchaseBody(quoteId, await cardToken(client))).expect(201)).body.payload;
    const started = addDays(isoDay(clock.now()), -40);
    await queryRows(sut, `UPDATE policies SET effective_date = $2::date, term_end_date = $2::date + 180 WHERE id = $1`, [policy.id, started]);
    const ago = (n: number) => new Date(clock.now().getTime() - n * 86_400_000).toISOString();
    await client.post(`/api/policies/${policy.id}/odometer`).send({ vehicleIndex: 0, reading: 20_000, readAt: ago(39) }).expect(201);
    await client.post(`/api/policies/${policy.id}/odometer`).send({ vehicleIndex: 0, reading: 20_300, readAt: ago(19) }).expect(201);
    await billing().run({});
    const statementsOf = () => queryRows<{ id: string; period_index: number; lines: { kind: string; from: string; miles?: number }[] }>(sut, 'SELECT id, period_index, lines FROM statements WHERE policy_id = $1 ORDER BY period_index', [policy.id]);
    expect((await statementsOf()).map((s) => s.period_index)).toEqual([0]);

    // A day of the billed period, disputed and accepted at 100 miles after it was billed.
    const day = addDays(started, 10);
    const created = await client.post(`/api/policies/${policy.id}/miles/disputes`).send({ vehicleIndex: 0, day, reason: 'A long drive the app missed.', claimedMiles: 100 }).expect(201);
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin.post(`/api/agent/miles/disputes/${created.body.payload.id}/decision`).send({ decision: 'accepted', miles: 100 }).expect(200);
    const [{ previous }] = await queryRows<{ previous: number }>(sut, 'SELECT previous_billable_miles::float8 AS previous FROM mile_disputes WHERE id = $1', [created.body.payload.id]);

    // The next period ends; two runs make its statement once, with the adjustment once.
    clock.advance(32 * 86_400_000);
    await billing().run({});
    await billing().run({});
    const [, next, ...none] = await statementsOf();
    expect(none).toEqual([]);
    expect(next.lines.filter((l) => l.kind === 'mileage-adjustment')).toEqual([expect.objectContaining({ from: day, miles: Math.round((100 - previous) * 100) / 100 })]);
    expect(await queryRows(sut, 'SELECT adjusted_statement_id FROM mile_disputes WHERE id = $1', [created.body.payload.id])).toEqual([{ adjusted_statement_id: next.id }]);
  });
});
