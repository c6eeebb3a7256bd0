import fc from 'fast-check';
import { billableMiles, billableMilesOver, DAILY_CAP_MILES } from './billable-miles';

describe('billable miles', () => {
  it('bills a day its miles up to 250, the rest of the day free', () => {
    expect(DAILY_CAP_MILES).toBe(250);
    expect(billableMiles(12.5)).toBe(12.5);
    expect(billableMiles(250)).toBe(250);
    expect(billableMiles(250.01)).toBe(250);
    expect(billableMiles(600)).toBe(250);
  });

  it('never bills below 0: a negative count is not a credit', () => {
    expect(billableMiles(-40)).toBe(0);
    expect(billableMiles(0)).toBe(0);
  });

  it('caps miles driven evenly over a month at 250 on each of its days', () => {
    expect(billableMilesOver(30, 600)).toBe(600);
    expect(billableMilesOver(30, 7_500)).toBe(7_500);
    expect(billableMilesOver(30, 10_000)).toBe(7_500);
    expect(billableMilesOver(30, -1)).toBe(0);
  });

  it('is never below 0 nor above the cap, never lowers as miles rise, and a day is a range of one (property)', () => {
    fc.assert(
      fc.property(fc.double({ min: -10, max: 5000, noNaN: true }), fc.double({ min: 0, max: 5000, noNaN: true }), (miles, more) => {
        const day = billableMiles(miles);
        expect(day >= 0 && day <= DAILY_CAP_MILES).toBe(true);
        expect(day).toBeLessThanOrEqual(Math.max(0, miles));
        expect(billableMiles(miles + more)).toBeGreaterThanOrEqual(day);
        expect(billableMilesOver(1, miles)).toBe(day);
      }),
    );
  });
});
