import { billForPeriod, DAILY_CAP_MILES, monthlyEstimateCents } from './billing';

const PRICE = { baseRateCents: 4500, perMileRateMills: 65 };

describe(billForPeriod.name, () => {
  it('bills the base rate plus each mile at the per-mile rate', () => {
    expect(billForPeriod(PRICE, [10, 20.5, 0])).toEqual({ baseCents: 4500, billableMiles: 30.5, mileageCents: 198, totalCents: 4698 });
  });

  it('counts at most 250 miles in a day: the rest of the day is free', () => {
    const sut = billForPeriod(PRICE, [600, 250, 249.9]);
    expect(sut.billableMiles).toBe(749.9);
    expect(sut.mileageCents).toBe(Math.round((7499 * 65) / 100));
    expect(DAILY_CAP_MILES).toBe(250);
  });

  it('rounds the mileage once, half up, and bills nothing but the base rate for a month without miles', () => {
    expect(billForPeriod({ baseRateCents: 2900, perMileRateMills: 5 }, [1]).mileageCents).toBe(1);
    expect(billForPeriod({ baseRateCents: 2900, perMileRateMills: 5 }, [0.9]).mileageCents).toBe(0);
    expect(billForPeriod(PRICE, []).totalCents).toBe(4500);
  });

  it('ignores negative readings rather than crediting them', () => {
    expect(billForPeriod(PRICE, [-40, 10]).billableMiles).toBe(10);
  });
});

describe(monthlyEstimateCents.name, () => {
  it('is the base rate plus the month\'s miles, at most 250 on each of 30 days', () => {
    expect(monthlyEstimateCents(PRICE, 600)).toBe(4500 + 3900);
    expect(monthlyEstimateCents(PRICE, 10_000)).toBe(monthlyEstimateCents(PRICE, 7_500));
  });
});
