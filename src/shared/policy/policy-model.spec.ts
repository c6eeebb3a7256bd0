import { addDays, addMonths, billingDayOf } from './policy-model';

describe('policy dates', () => {
  it('adds six months within the month, leap years included', () => {
    expect(addMonths('2026-11-23', 6)).toBe('2027-05-23');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
  });

  it('bills on the start day, at most the 28th so every month has it', () => {
    expect(billingDayOf('2026-11-05')).toBe(5);
    expect(billingDayOf('2026-11-30')).toBe(28);
  });
});
