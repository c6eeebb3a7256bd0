import { monthlyEstimateCents } from './quote-model';

const PRICE = { baseRateCents: 4500, perMileRateMills: 65 };

describe(monthlyEstimateCents.name, () => {
  it("is the base rate plus the month's miles, at most 250 on each of 30 days", () => {
    expect(monthlyEstimateCents(PRICE, 600)).toBe(4500 + 3900);
    expect(monthlyEstimateCents(PRICE, 10_000)).toBe(monthlyEstimateCents(PRICE, 7_500));
    expect(monthlyEstimateCents(PRICE, 0)).toBe(4500);
  });
});
