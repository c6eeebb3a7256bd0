import { breakEvenMiles, flatRateYardstick } from './flat-rate-yardstick';

describe(flatRateYardstick.name, () => {
  it("compares a liability-only policy with the state's average liability premium", () => {
    // Illinois 2015: $446.72 a year for liability.
    expect(flatRateYardstick('IL', { collisionDeductible: null, comprehensiveDeductible: null })).toEqual({
      state: 'IL',
      year: 2015,
      monthlyCentsPerCar: 3723,
    });
  });

  it('adds collision and comprehensive only when the policy carries them', () => {
    // Arizona 2015: $508.76 + $186.12 a year with comprehensive alone, + $277.96 with collision too.
    expect(flatRateYardstick('AZ', { collisionDeductible: null, comprehensiveDeductible: 500 })?.monthlyCentsPerCar).toBe(5791);
    expect(flatRateYardstick('AZ', { collisionDeductible: 1000, comprehensiveDeductible: 500 })?.monthlyCentsPerCar).toBe(8107);
  });

  it('has no yardstick for a state without a sourced figure', () => {
    for (const state of ['OR', 'PA', 'TX', 'ZZ']) expect(flatRateYardstick(state, { collisionDeductible: 500, comprehensiveDeductible: 500 })).toBeNull();
  });
});

describe(breakEvenMiles.name, () => {
  it("is the yardstick less the base rate, in miles at the cars' average per-mile rate", () => {
    // $81.07 less $35 base: $46.07 at 6¢ a mile is 767.8 miles.
    expect(breakEvenMiles(8107, 3500, [60])).toBe(767);
    expect(breakEvenMiles(16214, 5000, [70, 80])).toBe(1495);
  });

  it('is zero when the base rate alone costs as much as the yardstick', () => {
    expect(breakEvenMiles(3723, 4000, [60])).toBe(0);
  });
});
