import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { billingPeriod } from '../../../src/shared/billing/billing-periods';
import { addDays, daysInclusive } from '../../../src/shared/dates/iso-day';
import { localDay } from '../../../src/shared/dates/state-day';
import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { SECOND_CAR } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

type Line = { kind: string; vehicleIndex?: number; vehicle?: object; from: string; to: string; miles?: number; perMileRateMills?: number; amountCents: number };

/**
 * The profile's bill so far after a car added mid-period (issue 16): the miles before the change
 * at the old rate, after it at the new ones, the base rate difference from its date, and, when
 * the period closes with no more miles, the statement bills exactly that.
 */
describe('The bill so far after a policy change in the period', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  /** Yesterday in Arizona, at noon there: in the past for every clock, the trips of its morning too. */
  const today = addDays(localDay(new Date(), 'America/Phoenix'), -1);
  const phoenix = (day: string, hour: number) => new Date(`${day}T${String(hour).padStart(2, '0')}:00:00-07:00`).toISOString();

  beforeAll(async () => {
    clock.advance(Date.parse(phoenix(today, 12)) - clock.now().getTime());
  });

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  it('prices the miles before a car was added at the old rate and after at the new, plus the difference, as the statement then bills them', async () => {
    const bought = await customerWithPolicy(sut, 'period-bill');
    const { email, policyId } = bought;
    let client = bought.web;
    const start = addDays(today, -10);
    await backdatePolicy(sut, policyId, start, { termDays: 180 });
    const period = billingPeriod({ effectiveDate: start, billingAnchors: null }, 0);

    // Two days ago the one car drove 40 miles; today the car is added, and both drive.
    const token = (await client.post('/api/mobile/devices').send({ name: 'Phone', platform: 'ios' }).expect(201)).body.payload.token;
    const drive = async (car: number, day: string, hour: number, miles: number) =>
      request(sut.url)
        .post('/api/mobile/trips')
        .set({ Authorization: `Bearer ${token}` })
        .send({ trips: [{ clientTripId: randomUUID(), vehicle: `${policyId}:${car}`, startedAt: phoenix(day, hour), endedAt: phoenix(day, hour + 1), miles }] })
        .expect(200);
    await drive(0, addDays(today, -2), 9, 40);
    const before = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;

    const change = { kind: 'add-vehicle', effectiveDate: today, vehicle: { ...SECOND_CAR, vin: vinFor(SECOND_CAR, 7) } };
    const priced = (await client.post(`/api/policies/${policyId}/changes`).send(change).expect(201)).body.payload;
    await client.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    await drive(0, today, 8, 10);
    await drive(1, today, 9, 12);

    const oldRate: number = priced.before.vehicles[0].perMileRateMills;
    const [newRate, addedRate]: number[] = priced.after.vehicles.map((v: { perMileRateMills: number }) => v.perMileRateMills);
    const summary = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    const lines: Line[] = summary.billLines;
    const cents = (miles: number, mills: number) => Math.round((miles * mills) / 10);
    // Each miles line names its car by its number on the policy and as it was insured then.
    const { year, make, model } = priced.before.vehicles[0];
    const civic = { year, make, model };
    expect(lines).toEqual([
      { kind: 'base-rate', from: period.start, to: period.end, amountCents: priced.before.baseRateCents },
      {
        kind: 'miles',
        vehicleIndex: 0,
        vehicle: civic,
        from: period.start,
        to: addDays(today, -1),
        miles: 40,
        perMileRateMills: oldRate,
        amountCents: cents(40, oldRate),
      },
      { kind: 'miles', vehicleIndex: 0, vehicle: civic, from: today, to: period.end, miles: 10, perMileRateMills: newRate, amountCents: cents(10, newRate) },
      {
        kind: 'miles',
        vehicleIndex: 1,
        vehicle: SECOND_CAR,
        from: today,
        to: period.end,
        miles: 12,
        perMileRateMills: addedRate,
        amountCents: cents(12, addedRate),
      },
      expect.objectContaining({ kind: 'policy-change', from: today, to: period.end, amountCents: priced.proration.amountCents }),
    ]);
    expect(summary.billSoFarCents).toBe(lines.reduce((sum, line) => sum + line.amountCents, 0));
    // The stretches say which cars were insured when.
    expect(summary.stretches).toEqual([
      { from: period.start, to: addDays(today, -1), vehicles: [{ year, make, model }] },
      { from: today, to: period.end, vehicles: [{ year, make, model }, SECOND_CAR] },
    ]);
    expect(summary.totalMilesSoFar).toBe(62);
    // Before the change: its one car's 40 miles at the old rate; the change adds its own lines, nothing else moves.
    expect(before.billSoFarCents).toBe(priced.before.baseRateCents + cents(40, oldRate));
    expect(summary.forecastCents).toBeGreaterThan(summary.billSoFarCents);
    // Of it, the base rate was paid ahead; the most the period can cost is its base rate, the
    // change's difference and each stretch's cars at 250 miles on each of its days (issue 26).
    expect(summary.paidAheadCents).toBe(priced.before.baseRateCents);
    const capCents = (from: string, to: string, mills: number) => 250 * daysInclusive(from, to) * (mills / 10);
    const maximum =
      priced.before.baseRateCents +
      priced.proration.amountCents +
      capCents(period.start, addDays(today, -1), oldRate) +
      capCents(today, period.end, newRate) +
      capCents(today, period.end, addedRate);
    expect(summary.maximumCents).toBe(maximum);

    // The period's last day, nothing more driven: nothing left to forecast.
    clock.advance(Date.parse(phoenix(period.end, 12)) - clock.now().getTime());
    client = await signIn(sut, email);
    const last = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    expect(last.billSoFarCents).toBe(summary.billSoFarCents);
    expect(last.forecastCents).toBe(summary.billSoFarCents);

    // The statement closing it bills the same lines: with the base rate paid ahead, the bill so far to the cent.
    clock.advance(2 * 86_400_000);
    await sut.app.get(BillingService).run({});
    const [statement] = await queryRows<{ lines: Line[]; total_cents: number }>(
      sut,
      'SELECT lines, total_cents FROM statements WHERE policy_id = $1 AND period_index = 0',
      [policyId],
    );
    const next = statement.lines.find((line) => line.kind === 'base-rate')!;
    expect(next.from).toBe(addDays(period.end, 1));
    expect(statement.lines.filter((line) => line !== next)).toEqual(lines.slice(1));
    expect(lines[0].amountCents + statement.total_cents - next.amountCents).toBe(summary.billSoFarCents);
    // Billed, the period is compared with a flat rate for what it cost: the bill so far.
    client = await signIn(sut, email);
    // Its statement says the same most the period could cost.
    const [listed] = (await client.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    expect(listed).toMatchObject({ from: period.start, to: period.end, maximumCents: maximum });
    const billed = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    expect(billed.flatRate.lastPeriod).toMatchObject({ from: period.start, to: period.end, paidCents: summary.billSoFarCents });
  });
});
