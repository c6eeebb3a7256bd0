import { addDays, addMonths, daysInclusive, isoDay, nextDay } from './iso-day';

describe('days written YYYY-MM-DD', () => {
  it('adds six months within the month, leap years included', () => {
    expect(addMonths('2026-11-23', 6)).toBe('2027-05-23');
    expect(addMonths('2026-08-31', 6)).toBe('2027-02-28');
    expect(addMonths('2027-08-31', 6)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
  });

  it('moves by days across months and years', () => {
    expect(addDays('2026-12-31', 1)).toBe('2027-01-01');
    expect(addDays('2026-03-01', -1)).toBe('2026-02-28');
    expect(nextDay('2028-02-28')).toBe('2028-02-29');
  });

  it('counts both ends of a range, and nothing for a range that runs backwards', () => {
    expect(daysInclusive('2026-11-01', '2026-11-30')).toBe(30);
    expect(daysInclusive('2026-03-07', '2026-03-09')).toBe(3);
    expect(daysInclusive('2026-11-02', '2026-11-01')).toBe(0);
  });

  it('names the UTC day of an instant', () => {
    expect(isoDay(new Date('2026-11-26T02:00:00Z'))).toBe('2026-11-26');
    expect(isoDay(new Date('2026-11-25T23:59:59.999Z'))).toBe('2026-11-25');
  });
});
