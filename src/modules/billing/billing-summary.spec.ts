import { billingSummary, FLAT_RATE_MONTHLY_MILES } from './billing-summary';

describe(billingSummary.name, () => {
  const base = {
    period: { start: '2026-11-05', end: '2026-12-04', days: 30, monthDays: 30 },
    monthlyBaseCents: 5000,
    periodBaseCents: 5000,
    billingDay: 5,
    vehicles: [{ perMileRateMills: 70 }, { perMileRateMills: 80 }],
    quietSince: '2026-11-13',
    statedMilesPerMonth: 500,
  };

  it('adds the miles so far to the base rate and forecasts the period at this pace', () => {
    // Day 10 of 30: 200 and 100 miles so far.
    const summary = billingSummary({ ...base, today: '2026-11-14', milesSoFar: [200, 100], budgetMiles: 400 });
    expect(summary).toMatchObject({
      daysElapsed: 10,
      daysInPeriod: 30,
      totalMilesSoFar: 300,
      billSoFarCents: 5000 + 1400 + 800,
      forecastMiles: 900,
      forecastCents: 5000 + 4200 + 2400,
    });
    expect(summary).toMatchObject({ nextStatementDate: '2026-12-05', billingDay: 5, missingMiles: false });
    expect(summary.budget).toEqual({ miles: 400, used: 300, share: 0.75 });
  });

  it("compares with a flat rate that prices in the average driver's miles for each car", () => {
    const summary = billingSummary({ ...base, today: '2026-11-14', milesSoFar: [200, 100], budgetMiles: null });
    const flat = 5000 + (FLAT_RATE_MONTHLY_MILES * 70) / 10 + (FLAT_RATE_MONTHLY_MILES * 80) / 10;
    expect(summary.flatRate).toEqual({ monthlyMiles: 2 * FLAT_RATE_MONTHLY_MILES, monthlyCents: flat, breakEvenMiles: 2 * FLAT_RATE_MONTHLY_MILES });
  });

  it('states savings only for a billed period, never for the one running', () => {
    const lastBilled = { from: '2026-10-05', to: '2026-11-04', flatCents: 22000, paidCents: 9000, savingsCents: 13000 };
    expect(billingSummary({ ...base, today: '2026-11-05', milesSoFar: [0, 0], budgetMiles: null }).flatRate.lastPeriod).toBeUndefined();
    expect(billingSummary({ ...base, today: '2026-11-05', milesSoFar: [0, 0], budgetMiles: null, lastBilled }).flatRate.lastPeriod).toEqual(lastBilled);
  });

  it('has no budget unless the customer set one, and counts the first day as one day gone', () => {
    const summary = billingSummary({ ...base, today: '2026-11-05', quietSince: '2026-11-05', milesSoFar: [10, 0], budgetMiles: null });
    expect(summary).toMatchObject({ daysElapsed: 1, budget: null });
  });

  it("forecasts the first week from the quote's stated miles for each car, then from the pace", () => {
    // Day one: a 300-mile day is not a 9,000-mile month.
    const first = billingSummary({ ...base, today: '2026-11-05', quietSince: '2026-11-05', milesSoFar: [300, 0], budgetMiles: null });
    expect(first.forecastMiles).toBe(Math.round(300 + 2 * 500 * (29 / 30)));
    expect(first.forecastCents).toBe(5000 + Math.round(((300 + 500 * (29 / 30)) * 70) / 10 + (500 * (29 / 30) * 80) / 10));
    const week = billingSummary({ ...base, today: '2026-11-11', quietSince: '2026-11-05', milesSoFar: [70, 0], budgetMiles: null });
    expect(week.forecastMiles).toBe(300);
  });

  it('asks for miles after a week with no trip and no reading', () => {
    expect(billingSummary({ ...base, today: '2026-11-11', quietSince: '2026-11-05', milesSoFar: [0, 0], budgetMiles: null }).missingMiles).toBe(false);
    expect(billingSummary({ ...base, today: '2026-11-12', quietSince: '2026-11-05', milesSoFar: [0, 0], budgetMiles: null }).missingMiles).toBe(true);
  });
});
