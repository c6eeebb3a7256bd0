import { DAILY_CAP_MILES } from '../miles/billable-miles';
import { LONGEST_MONTH_DAYS, mostAMonthCanCostCents, mostThesePeriodLinesCanCostCents } from './monthly-maximum';

describe(mostAMonthCanCostCents.name, () => {
  it('is the base rate plus each car at 250 miles on every day of the period, for months of 28 to 31 days', () => {
    // One car at 6.1¢ a mile: 250 miles × 6.1¢ = $15.25 a day.
    const one = (days: number) => mostAMonthCanCostCents({ baseRateCents: 4_500, perMileRatesMills: [61], days });
    expect(one(28)).toBe(4_500 + 28 * 1_525);
    expect(one(29)).toBe(4_500 + 29 * 1_525);
    expect(one(30)).toBe(4_500 + 30 * 1_525);
    expect(one(31)).toBe(4_500 + 31 * 1_525);
    expect(one(31)).toBe(51_775);
  });

  it('adds every car at its own rate', () => {
    // 5.2¢ and 6.8¢: $13.00 and $17.00 a day at the cap.
    expect(mostAMonthCanCostCents({ baseRateCents: 8_210, perMileRatesMills: [52, 68], days: 30 })).toBe(8_210 + 30 * (1_300 + 1_700));
    expect(mostAMonthCanCostCents({ baseRateCents: 8_210, perMileRatesMills: [52, 68, 45], days: 28 })).toBe(8_210 + 28 * (1_300 + 1_700 + 1_125));
  });

  it('is the base rate alone with no cars, and never rounds (250 miles at tenths of a cent is whole cents)', () => {
    expect(mostAMonthCanCostCents({ baseRateCents: 3_999, perMileRatesMills: [], days: 31 })).toBe(3_999);
    for (const mills of [1, 37, 61, 99, 123]) for (const days of [28, 29, 30, 31]) expect(Number.isInteger((DAILY_CAP_MILES * days * mills) / 10)).toBe(true);
  });

  it('says the most for the longest month where no period is known', () => {
    expect(LONGEST_MONTH_DAYS).toBe(31);
  });
});

describe(mostThesePeriodLinesCanCostCents.name, () => {
  it('counts base rate lines as they are and each miles line at the cap for its own days and rate', () => {
    const lines = [
      { kind: 'base-rate' as const, from: '2026-11-26', to: '2026-12-25', amountCents: 9_000 },
      // A change on December 11 cut the period: the second car from then on, at its rate.
      { kind: 'miles' as const, from: '2026-11-26', to: '2026-12-10', perMileRateMills: 61, amountCents: 610 },
      { kind: 'miles' as const, from: '2026-12-11', to: '2026-12-25', perMileRateMills: 61, amountCents: 1_220 },
      { kind: 'miles' as const, from: '2026-12-11', to: '2026-12-25', perMileRateMills: 48, amountCents: 480 },
      { kind: 'policy-change' as const, from: '2026-12-11', to: '2026-12-25', amountCents: 2_000 },
    ];
    expect(mostThesePeriodLinesCanCostCents(lines)).toBe(9_000 + 15 * 1_525 + 15 * 1_525 + 15 * 1_200 + 2_000);
  });

  it('equals the month maximum for a period without changes', () => {
    const lines = [
      { kind: 'base-rate' as const, from: '2027-02-01', to: '2027-02-28', amountCents: 4_500 },
      { kind: 'miles' as const, from: '2027-02-01', to: '2027-02-28', perMileRateMills: 61, amountCents: 0 },
      { kind: 'miles' as const, from: '2027-02-01', to: '2027-02-28', perMileRateMills: 52, amountCents: 0 },
    ];
    expect(mostThesePeriodLinesCanCostCents(lines)).toBe(mostAMonthCanCostCents({ baseRateCents: 4_500, perMileRatesMills: [61, 52], days: 28 }));
  });
});
