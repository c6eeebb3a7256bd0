import { isDayRange, isInstant } from './calendar-day';
import { daysBetween, isCalendarDay, MAX_RANGE_DAYS } from '../../shared/dates/calendar-day';

describe('calendar days, instants and ranges (the one rule for dates that come in)', () => {
  it('takes real days within the years we accept, and nothing that would not compare as the day it names', () => {
    expect(['1900-01-01', '2028-02-29', '2199-12-31'].every(isCalendarDay)).toBe(true);
    expect(['9999-12-31', '0000-01-01', '1899-12-31', '2200-01-01', '10000-01-01', '+010000-01-01', '2026-02-30', 42, null].some(isCalendarDay)).toBe(false);
  });

  it('takes instants that name their offset, within the same years', () => {
    expect(['2026-11-20T15:04:00Z', '2026-11-20T15:04:00.123-07:00', '2026-11-20T15:04+0530'].every(isInstant)).toBe(true);
    expect(['2026-11-20T15:04:00', '9999-12-31T23:59:59Z', '2026-11-20T25:00:00Z', '+010000-01-01T00:00:00Z', '2026-11-20'].some(isInstant)).toBe(false);
  });

  it('bounds a range before any loop runs over it', () => {
    expect(isDayRange('2026-01-01', '2026-12-31')).toBe(true);
    expect(isDayRange('1900-01-01', '9999-12-31')).toBe(false);
    expect(isDayRange('2026-01-02', '2026-01-01')).toBe(false);
    expect(() => daysBetween('1900-01-01', '2199-12-31')).toThrow(RangeError);
    expect(daysBetween('2026-01-01', '2026-12-31')).toHaveLength(365);
    expect(MAX_RANGE_DAYS).toBe(366);
  });
});
