import { breakEvenMiles, flatRateYardstick, STATE_AVERAGE_FLAT_RATES } from './flat-rate-yardstick';

describe(flatRateYardstick.name, () => {
  it("compares a liability-only policy with the state's average liability premium", () => {
    // Illinois 2023: $597.91 a year for liability, $49.83 a month.
    expect(flatRateYardstick('IL', { collisionDeductible: null, comprehensiveDeductible: null })).toEqual({
      state: 'IL',
      year: 2023,
      monthlyCentsPerCar: 4983,
    });
  });

  it('adds collision and comprehensive only when the policy carries them', () => {
    // Arizona 2023: $792.89 + $275.26 a year with comprehensive alone, + $436.44 with collision too.
    expect(flatRateYardstick('AZ', { collisionDeductible: null, comprehensiveDeductible: 500 })?.monthlyCentsPerCar).toBe(8901);
    expect(flatRateYardstick('AZ', { collisionDeductible: 1000, comprehensiveDeductible: 500 })?.monthlyCentsPerCar).toBe(12538);
  });

  it('has a yardstick from the same year for each of our five states', () => {
    // With both coverages each state's row adds up to the NAIC's combined average premium for 2023
    // (table 5, to within its rounding): Oregon $1,268.47, Pennsylvania $1,273.46, Texas $1,726.91 a year.
    const full = { collisionDeductible: 500, comprehensiveDeductible: 500 };
    expect(['AZ', 'IL', 'OR', 'PA', 'TX'].map((state) => flatRateYardstick(state, full))).toEqual([
      { state: 'AZ', year: 2023, monthlyCentsPerCar: 12538 },
      { state: 'IL', year: 2023, monthlyCentsPerCar: 10472 },
      { state: 'OR', year: 2023, monthlyCentsPerCar: 10571 },
      { state: 'PA', year: 2023, monthlyCentsPerCar: 10612 },
      { state: 'TX', year: 2023, monthlyCentsPerCar: 14391 },
    ]);
    expect(new Set(Object.values(STATE_AVERAGE_FLAT_RATES).map((figures) => figures?.year))).toEqual(new Set([2023]));
  });

  it('has no yardstick for a state without a sourced figure', () => {
    for (const state of ['NV', 'ZZ']) expect(flatRateYardstick(state, { collisionDeductible: 500, comprehensiveDeductible: 500 })).toBeNull();
  });
});

describe(breakEvenMiles.name, () => {
  it("is the yardstick less the base rate, in miles at the cars' average per-mile rate", () => {
    // $125.38 less $35 base: $90.38 at 6¢ a mile is 1,506.3 miles.
    expect(breakEvenMiles(12538, 3500, [60])).toBe(1506);
    expect(breakEvenMiles(25076, 5000, [70, 80])).toBe(2676);
  });

  it('is zero when the base rate alone costs as much as the yardstick', () => {
    expect(breakEvenMiles(4983, 5000, [60])).toBe(0);
  });
});
