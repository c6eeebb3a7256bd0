import { dayWithin, localToday, policyToday } from './local-day';

describe(localToday.name, () => {
  it('writes the local calendar day, zero-padded', () => {
    expect(localToday(new Date(2026, 0, 5, 23, 59))).toBe('2026-01-05');
  });
});

describe(policyToday.name, () => {
  // 03:00 UTC on November 26 is 20:00 on the 25th in Arizona and 22:00 on the 25th in Pennsylvania.
  const evening = new Date(Date.UTC(2026, 10, 26, 3));

  it("is the day in the policy's state, whatever the visitor's zone", () => {
    expect(policyToday('AZ', evening)).toBe('2026-11-25');
    expect(policyToday('PA', evening)).toBe('2026-11-25');
    expect(policyToday('AZ', new Date(Date.UTC(2026, 10, 26, 15)))).toBe('2026-11-26');
  });

  it("is the visitor's own day while the state is not known", () => {
    expect(policyToday(undefined, evening)).toBe(localToday(evening));
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
