import { randomUUID } from 'node:crypto';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { addDays, addMonths, isoDay } from '../../../src/shared/dates/iso-day';
import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows } from '../../support/payment-fixtures';
import { sendReadings } from '../../support/policy-customer';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

/**
 * Issue 18, billing with what it does not own. Its "today" is the policy's state's day, as its
 * miles and periods are: at 02:00 UTC it is still the evening before in Phoenix, the period has
 * not ended there, and no statement is made for it yet. And a day staff correct after its period
 * was billed is adjusted on the next statement once: billing makes the statement, miles (the
 * disputes' owner) marks the day, in one transaction.
 */
describe("Billing across modules: the state's day, corrected days (issue 18)", () => {
  jest.setTimeout(120_000);
  const clock = new TestClock();

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  const runBilling = () => sut.app.get(BillingService).run({});

  /** A customer who just bought a policy (Arizona, the fixtures' ZIP) starting on the clock's tomorrow: their e-mail, client and policy id. */
  async function boughtPolicy(prefix: string): Promise<{ email: string; client: Awaited<ReturnType<typeof signIn>>; policyId: string }> {
    const email = uniqueEmail(prefix);
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (
      await client
        .post('/api/policies')
        .set('Idempotency-Key', randomUUID())
        .send(purchaseBody(quoteId, await cardToken(client), { startDate: addDays(isoDay(clock.now()), 1) }))
        .expect(201)
    ).body.payload;
    return { email, client, policyId: policy.id };
  }

  it('keeps an Arizona policy in its period until midnight in Phoenix, for the summary and for the statement run', async () => {
    const { email, policyId } = await boughtPolicy('state-day');
    // Periods run month by month from the 1st: the next month's 1st is the first statement's day.
    const statementDay = addMonths(`${isoDay(clock.now()).slice(0, 8)}01`, 1);
    const periodStart = addMonths(statementDay, -1);
    const lastDay = addDays(statementDay, -1);
    const row = await backdatePolicy(sut, policyId, periodStart, { termDays: 180, billing_day: 1 });
    expect(row.state).toBe('AZ');
    const statements = () => queryRows(sut, 'SELECT period_index FROM statements WHERE policy_id = $1', [policyId]);
    const summaryAt = async (instant: string) => {
      clock.advance(Date.parse(instant) - clock.now().getTime());
      const client = await signIn(sut, email);
      return (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    };

    // 02:00 UTC on the statement day is 19:00 on the period's last day in Phoenix (UTC-7).
    const evening = await summaryAt(`${statementDay}T02:00:00Z`);
    expect(evening).toMatchObject({ period: { from: periodStart, to: lastDay }, nextStatementDate: statementDay });
    expect(evening.daysElapsed).toBe(evening.daysInPeriod);
    await runBilling();
    expect(await statements()).toEqual([]);

    // 08:00 UTC is 01:00 on the statement day in Phoenix: the next period has begun, the first is billed.
    const morning = await summaryAt(`${statementDay}T08:00:00Z`);
    expect(morning).toMatchObject({ period: { from: statementDay }, daysElapsed: 1 });
    await runBilling();
    expect(await statements()).toEqual([{ period_index: 0 }]);
  });

  it('adjusts the billed day by the accepted miles on the next statement, and marks the dispute with it', async () => {
    const { client, policyId } = await boughtPolicy('adjusted');
    const started = addDays(isoDay(clock.now()), -40);
    await backdatePolicy(sut, policyId, started, { termDays: 180 });
    const ago = (n: number) => new Date(clock.now().getTime() - n * 86_400_000).toISOString();
    await sendReadings(client, policyId, [20_000, ago(39)], [20_300, ago(19)]);
    await runBilling();
    const statementsOf = () =>
      queryRows<{ id: string; period_index: number; lines: { kind: string; from: string; miles?: number }[] }>(
        sut,
        'SELECT id, period_index, lines FROM statements WHERE policy_id = $1 ORDER BY period_index',
        [policyId],
      );
    expect((await statementsOf()).map((s) => s.period_index)).toEqual([0]);

    // A day of the billed period, disputed and accepted at 100 miles after it was billed.
    const day = addDays(started, 10);
    const created = await client
      .post(`/api/policies/${policyId}/miles/disputes`)
      .send({ vehicleIndex: 0, day, reason: 'A long drive the app missed.', claimedMiles: 100 })
      .expect(201);
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin.post(`/api/agent/miles/disputes/${created.body.payload.id}/decision`).send({ decision: 'accepted', miles: 100 }).expect(200);
    const [{ previous }] = await queryRows<{ previous: number }>(sut, 'SELECT previous_billable_miles::float8 AS previous FROM mile_disputes WHERE id = $1', [
      created.body.payload.id,
    ]);

    // The next period ends; two runs make its statement once, with the adjustment once.
    clock.advance(32 * 86_400_000);
    await runBilling();
    await runBilling();
    const [, next, ...none] = await statementsOf();
    expect(none).toEqual([]);
    expect(next.lines.filter((l) => l.kind === 'mileage-adjustment')).toEqual([
      expect.objectContaining({ from: day, miles: Math.round((100 - previous) * 100) / 100 }),
    ]);
    expect(await queryRows(sut, 'SELECT adjusted_statement_id FROM mile_disputes WHERE id = $1', [created.body.payload.id])).toEqual([
      { adjusted_statement_id: next.id },
    ]);
  });
});
