import { randomUUID } from 'node:crypto';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { addDays, addMonths, isoDay } from '../../../src/shared/dates/iso-day';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { createTestApp, type TestApp } from '../../support/test-app';
import { TestClock } from '../../support/test-clock';

/**
 * Issue 18: billing's "today" is the policy's state's day, as its miles and periods are. At
 * 02:00 UTC it is still the evening before in Phoenix: the period has not ended there, its last
 * day's miles may still come, and no statement is made for it yet.
 */
describe('Billing counts in the state\'s days (issue 18)', () => {
  jest.setTimeout(120_000);
  let sut: TestApp;
  const clock = new TestClock();

  beforeAll(async () => {
    sut = await createTestApp({}, { clock });
  });

  afterAll(async () => {
    await sut.close();
  });

  it('keeps an Arizona policy in its period until midnight in Phoenix, for the summary and for the statement run', async () => {
    const email = uniqueEmail('state-day');
    const buyer = await signIn(sut, email);
    const quoteId = await readyToPay(buyer);
    const { policy } = (await buyer.post('/api/policies').set('Idempotency-Key', randomUUID()).send(purchaseBody(quoteId, await cardToken(buyer))).expect(201)).body.payload;
    // Periods run month by month from the 1st: the next month's 1st is the first statement's day.
    const statementDay = addMonths(`${isoDay(clock.now()).slice(0, 8)}01`, 1);
    const periodStart = addMonths(statementDay, -1);
    const lastDay = addDays(statementDay, -1);
    const [row] = await queryRows<{ state: string }>(sut, `UPDATE policies SET effective_date = $2::date, term_end_date = $2::date + 180, billing_day = 1 WHERE id = $1 RETURNING state`, [policy.id, periodStart]);
    expect(row.state).toBe('AZ');
    const statements = () => queryRows(sut, 'SELECT period_index FROM statements WHERE policy_id = $1', [policy.id]);
    const summaryAt = async (instant: string) => {
      clock.advance(Date.parse(instant) - clock.now().getTime());
      const client = await signIn(sut, email);
      return (await client.get(`/api/policies/${policy.id}/billing`).expect(200)).body.payload;
    };

    // 02:00 UTC on the statement day is 19:00 on the period's last day in Phoenix (UTC-7).
    const evening = await summaryAt(`${statementDay}T02:00:00Z`);
    expect(evening).toMatchObject({ period: { from: periodStart, to: lastDay }, nextStatementDate: statementDay });
    expect(evening.daysElapsed).toBe(evening.daysInPeriod);
    await sut.app.get(BillingService).run({});
    expect(await statements()).toEqual([]);

    // 08:00 UTC is 01:00 on the statement day in Phoenix: the next period has begun, the first is billed.
    const morning = await summaryAt(`${statementDay}T08:00:00Z`);
    expect(morning).toMatchObject({ period: { from: statementDay }, daysElapsed: 1 });
    await sut.app.get(BillingService).run({});
    expect(await statements()).toEqual([{ period_index: 0 }]);
  });
});
