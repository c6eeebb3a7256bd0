import { flatRateYardstick } from '../../shared/billing/flat-rate-yardstick';
import { billingSummary } from './billing-summary';
import { periodBill } from './period-bill';

describe(billingSummary.name, () => {
  const schedule = { effectiveDate: '2026-11-05', billingAnchors: null };
  const vehicles = [70, 80].map((perMileRateMills, vehicleIndex) => ({ vehicleIndex, year: 2020, make: 'Honda', model: 'Civic', perMileRateMills }));
  const base = {
    period: { start: '2026-11-05', end: '2026-12-04', days: 30, monthDays: 30 },
    monthlyBaseCents: 5000,
    // Arizona 2023 with collision and comprehensive: $792.89 + $436.44 + $275.26 a year, $125.38 a month a car.
    yardstick: flatRateYardstick('AZ', { collisionDeductible: 500, comprehensiveDeductible: 500 }),
    billingDay: 5,
    vehicles,
    quietSince: '2026-11-13',
  };
  /** The period priced as its statement will price it, with these miles to `today`. */
  const bill = (today: string, milesSoFar: number[]) =>
    periodBill({
      schedule,
      index: 0,
      baseRateCents: 5000,
      vehicles,
      billableMiles: milesSoFar,
      stretches: [{ from: '2026-11-05', to: '2026-12-04', vehicles, billableMiles: milesSoFar }],
      milesThrough: today,
      statedMilesPerMonth: 500,
    });
  const summaryOn = (today: string, milesSoFar: number[], more: Partial<Parameters<typeof billingSummary>[0]> = {}) =>
    billingSummary({ ...base, today, bill: bill(today, milesSoFar), budgetMiles: null, ...more });

  it('adds the miles so far to the base rate and forecasts the period at this pace', () => {
    // Day 10 of 30: 200 and 100 miles so far.
    const summary = summaryOn('2026-11-14', [200, 100], { budgetMiles: 400 });
    expect(summary).toMatchObject({
      daysElapsed: 10,
      daysInPeriod: 30,
      totalMilesSoFar: 300,
      billSoFarCents: 5000 + 1400 + 800,
      forecastMiles: 900,
      forecastCents: 5000 + 4200 + 2400,
    });
    expect(summary.billLines.map((line) => [line.kind, line.amountCents])).toEqual([
      ['base-rate', 5000],
      ['miles', 1400],
      ['miles', 800],
    ]);
    expect(summary).toMatchObject({ nextStatementDate: '2026-12-05', billingDay: 5, missingMiles: false });
    expect(summary.budget).toEqual({ miles: 400, used: 300, share: 0.75 });
  });

  it("compares with the state's published average for each car with the same coverages, not with our own price", () => {
    const summary = summaryOn('2026-11-14', [200, 100]);
    // Two cars at $125.38: $250.76 a month. Less the $50 base rate, $200.76 of miles at 7.5¢ a mile (the cars' average): 2,676 miles.
    expect(summary.flatRate).toEqual({ state: 'AZ', year: 2023, monthlyCentsPerCar: 12538, monthlyCents: 25076, breakEvenMiles: 2676 });
  });

  it('states no comparison in a state with no sourced average', () => {
    // All five of our states have one; a state outside the table (Nevada) has none.
    expect(
      summaryOn('2026-11-14', [200, 100], { yardstick: flatRateYardstick('NV', { collisionDeductible: null, comprehensiveDeductible: null }) }).flatRate,
    ).toBeUndefined();
  });

  it('states savings only for a billed period, never for the one running', () => {
    const lastBilled = { from: '2026-10-05', to: '2026-11-04', flatCents: 22000, paidCents: 9000, savingsCents: 13000 };
    expect(summaryOn('2026-11-05', [0, 0]).flatRate?.lastPeriod).toBeUndefined();
    expect(summaryOn('2026-11-05', [0, 0], { lastBilled }).flatRate?.lastPeriod).toEqual(lastBilled);
  });

  it('has no budget unless the customer set one, and counts the first day as one day gone', () => {
    const summary = summaryOn('2026-11-05', [10, 0], { quietSince: '2026-11-05' });
    expect(summary).toMatchObject({ daysElapsed: 1, budget: null });
  });

  it("forecasts the first week from the quote's stated miles for each car, then from the pace", () => {
    // Day one: a 300-mile day is not a 9,000-mile month.
    const first = summaryOn('2026-11-05', [300, 0], { quietSince: '2026-11-05' });
    // Each car in whole miles, as shown (783.33 and 483.33 come to 783 and 483), and priced on them.
    expect(first.forecastMiles).toBe(783 + 483);
    expect(first.forecastCents).toBe(5000 + Math.round((783 * 70) / 10) + Math.round((483 * 80) / 10));
    const week = summaryOn('2026-11-11', [70, 0], { quietSince: '2026-11-05' });
    expect(week.forecastMiles).toBe(300);
  });

  it('asks for miles after a week with no trip and no reading', () => {
    expect(summaryOn('2026-11-11', [0, 0], { quietSince: '2026-11-05' }).missingMiles).toBe(false);
    expect(summaryOn('2026-11-12', [0, 0], { quietSince: '2026-11-05' }).missingMiles).toBe(true);
  });
});
