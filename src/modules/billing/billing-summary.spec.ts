import { billingSummary } from './billing-summary';

describe(billingSummary.name, () => {
  const base = { period: { start: '2026-11-05', end: '2026-12-04' }, baseRateCents: 5000, vehicles: [{ perMileRateMills: 70 }, { perMileRateMills: 80 }] };

  it('adds the miles so far to the base rate and forecasts the period at this pace', () => {
    // Day 10 of 30: 200 and 100 miles so far.
    const summary = billingSummary({ ...base, today: '2026-11-14', milesSoFar: [200, 100], budgetMiles: 400 });
    expect(summary).toMatchObject({ daysElapsed: 10, daysInPeriod: 30, totalMilesSoFar: 300, billSoFarCents: 5000 + 1400 + 800, forecastMiles: 900, forecastCents: 5000 + 4200 + 2400 });
    expect(summary.budget).toEqual({ miles: 400, used: 300, share: 0.75 });
  });

  it('has no budget unless the customer set one, and counts the first day as one day gone', () => {
    const summary = billingSummary({ ...base, today: '2026-11-05', milesSoFar: [10, 0], budgetMiles: null });
    expect(summary).toMatchObject({ daysElapsed: 1, forecastMiles: 300, budget: null });
  });
});
