import { dayWithin, localToday } from './local-day';

describe(localToday.name, () => {
  it('writes the local calendar day, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe(dayWithin.name, () => {
  it.each([
    ['2026-11-23', true],
    ['2026-12-23', true],
    ['2026-11-22', false],
    ['2026-12-24', false],
    ['', false],
    ['23/11/2026', false],
  ])('%s within 2026-11-23…2026-12-23: %s', (day, within) => {
    expect(dayWithin(day, '2026-11-23', '2026-12-23')).toBe(within);
  });
});
