import { billingDayOf } from './policy-model';

describe('policy dates', () => {
  it('bills on the start day, at most the 28th so every month has it', () => {
    expect(billingDayOf('2026-11-05')).toBe(5);
    expect(billingDayOf('2026-11-30')).toBe(28);
  });
});
