import { BillingService } from '../../../src/modules/billing/billing.service';
import { flatRateYardstick, type PhysicalDamageCover } from '../../../src/shared/billing/flat-rate-yardstick';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { FINAL_MILES_DAYS } from '../../../src/shared/policy/policy-model';
import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows } from '../../support/payment-fixtures';
import { sendReadings } from '../../support/policy-customer';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 15: the profile's billing after a cancellation, the first week's forecast, and savings only for billed periods. */
describe('GET /api/policies/:id/billing (issue 15)', () => {
  jest.setTimeout(120_000);
  const clock = new TestClock();
  const billing = () => sut.app.get(BillingService);
  const today = () => clock.now().toISOString().slice(0, 10);

  const sut = useTestApp({ clock });

  /** A customer with a policy that started `daysAgo` days ago (the quote stated its miles a month). */
  async function customerWithPolicy(daysAgo: number): Promise<{ client: Client; email: string; policyId: string; stated: number }> {
    const email = uniqueEmail('final');
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await buyQuote(client, quoteId)).body.payload;
    const { quoteId: backdatedQuote } = await backdatePolicy(sut, policy.id, addDays(today(), -daysAgo), { termDays: 180 });
    const [row] = await queryRows<{ stated: number }>(sut, `SELECT (answers->>'milesPerMonth')::int AS stated FROM quotes WHERE id = $1`, [backdatedQuote]);
    return { client, email, policyId: policy.id, stated: row.stated };
  }

  const summaryOf = async (client: Client, policyId: string) => (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;

  it("forecasts a new policy from the quote's stated miles and claims no savings before a period is billed", async () => {
    const { client, policyId, stated } = await customerWithPolicy(0);
    const summary = await summaryOf(client, policyId);
    expect(summary.totalMilesSoFar).toBe(0);
    expect(summary.forecastMiles).toBe(Math.round((stated * (summary.daysInPeriod - 1)) / summary.daysInPeriod));
    expect(summary.flatRate.lastPeriod).toBeUndefined();
    expect(summary.flatRate).not.toHaveProperty('savingsCents');
    // The yardstick is Arizona's published average for the policy's own coverages (issue 26), for its one car.
    const [{ coverage }] = await queryRows<{ coverage: PhysicalDamageCover }>(sut, `SELECT coverage FROM policies WHERE id = $1`, [policyId]);
    const yardstick = flatRateYardstick('AZ', coverage)!;
    expect(summary.flatRate).toMatchObject({
      state: 'AZ',
      year: 2023,
      monthlyCentsPerCar: yardstick.monthlyCentsPerCar,
      monthlyCents: yardstick.monthlyCentsPerCar,
    });
  });

  it('states the savings of the last billed period against the flat rate', async () => {
    const { client, policyId } = await customerWithPolicy(40);
    const day = (n: number) => new Date(clock.now().getTime() - n * 86_400_000).toISOString();
    await sendReadings(client, policyId, [20_000, day(39)], [20_300, day(19)]);
    await billing().run({});
    const [statement] = (await client.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    const { flatRate } = await summaryOf(client, policyId);
    const miles = statement.lines.find((line: { kind: string }) => line.kind === 'miles').amountCents;
    const base = statement.lines.find((line: { kind: string }) => line.kind === 'base-rate').amountCents;
    expect(flatRate.lastPeriod).toEqual({
      from: statement.from,
      to: statement.to,
      flatCents: flatRate.monthlyCents,
      paidCents: base + miles,
      savingsCents: flatRate.monthlyCents - base - miles,
    });
  });

  it('keeps the cancelled period and the final statement in the summary until that statement is settled', async () => {
    const { client, email, policyId } = await customerWithPolicy(10);
    const day = (n: number) => new Date(clock.now().getTime() - n * 86_400_000).toISOString();
    await sendReadings(client, policyId, [30_000, day(9)], [30_120, day(2)]);
    // Cancelled as of yesterday in Arizona: the API takes today at the earliest, so the day is moved back after.
    const arizonaToday = stateDay(clock.now(), 'AZ');
    const lastDay = addDays(arizonaToday, -1);
    await client.post(`/api/policies/${policyId}/cancel`).send({ date: arizonaToday }).expect(200);
    await queryRows(sut, `UPDATE policies SET cancellation_date = $2 WHERE id = $1`, [policyId, lastDay]);

    const before = await summaryOf(client, policyId);
    expect(before.period.to).toBe(lastDay);
    expect(before.totalMilesSoFar).toBeGreaterThan(0);
    // Nothing left to come: the forecast is the miles billed, to the hundredth (whole miles only for days to come, issue 26).
    expect(before.forecastMiles).toBe(before.totalMilesSoFar);
    expect(before.final).toEqual({ lastDay, statementDate: addDays(lastDay, FINAL_MILES_DAYS + 1), takesMiles: true, settled: false });

    // The final statement is made after the late miles' days, and settled (charged, or its credit refunded).
    clock.advance((FINAL_MILES_DAYS + 2) * 86_400_000);
    await billing().run({});
    // Days later the session has expired: the customer signs in again.
    const later = await signIn(sut, email);
    const [final] = (await later.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    expect(final).toMatchObject({ to: lastDay });
    expect(['paid', 'refunded']).toContain(final.status);
    const after = await summaryOf(later, policyId);
    expect(after.final).toMatchObject({ lastDay, takesMiles: false, settled: true });
  });
});
