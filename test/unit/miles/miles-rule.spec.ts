import fs from 'node:fs';
import path from 'node:path';
import { MILES_RULE_LINES } from '../../../src/client/features/profile/components/miles-rule';
import { dailyMiles } from '../../../src/modules/miles/daily-miles';
import { LOCALES } from '../../../src/shared/locale';
import { DAILY_CAP_MILES } from '../../../src/shared/miles/billable-miles';

const at = (iso: string) => new Date(iso);

function ruleTexts(locale: string): Record<string, string> {
  const profile = JSON.parse(fs.readFileSync(path.resolve(__dirname, '../../../src/client/locales', locale, 'profile.json'), 'utf8')) as {
    billing: { rule: Record<string, string> };
  };
  return profile.billing.rule;
}

/**
 * Issue 27: "the rule for a day without data is written on the site and applied as written". My
 * account writes the rule (MilesRule, billing.rule.* in each language); this walks one week
 * through the code that bills the days (daily-miles.ts) and checks each line does what it says.
 */
describe('The miles rule My account writes, applied as written', () => {
  // Arizona (no daylight saving): noon there is 19:00 UTC.
  const days = dailyMiles({
    from: '2026-11-20',
    to: '2026-11-27',
    timeZone: 'America/Phoenix',
    trips: [
      // A trip over midnight (the 20th to the 21st) and a long day (the 25th).
      { startedAt: at('2026-11-21T06:00:00Z'), endedAt: at('2026-11-21T08:00:00Z'), miles: 60 },
      { startedAt: at('2026-11-25T15:00:00Z'), endedAt: at('2026-11-25T23:00:00Z'), miles: 400 },
    ],
    // Noon on the 22nd to noon on the 24th: 150 miles on the odometer, no trips in between.
    readings: [
      { readAt: at('2026-11-22T19:00:00Z'), reading: 10_000 },
      { readAt: at('2026-11-24T19:00:00Z'), reading: 10_150 },
    ],
    resolved: [{ day: '2026-11-27', miles: 300 }],
  });
  const day = (date: string) => days.find((d) => d.date === date);

  it('is written in every language, each line of it, with the cap the bill uses', () => {
    for (const locale of LOCALES) {
      const rule = ruleTexts(locale);
      expect(Object.keys(rule).sort()).toEqual(['title', ...MILES_RULE_LINES].sort());
      for (const line of ['cap', 'dispute']) expect(rule[line]).toContain('{{cap}}');
    }
    expect(DAILY_CAP_MILES).toBe(250);
  });

  it('trips: a day with trips counts their miles, a trip over midnight on each side by its time', () => {
    expect(day('2026-11-20')).toEqual(expect.objectContaining({ miles: 30, source: 'trips' }));
    expect(day('2026-11-21')).toEqual(expect.objectContaining({ miles: 30, source: 'trips' }));
  });

  it('odometer: the miles between two readings are spread evenly over that time on days without trips', () => {
    expect([day('2026-11-22'), day('2026-11-23'), day('2026-11-24')].map((d) => [d?.miles, d?.source])).toEqual([
      [37.5, 'odometer'],
      [75, 'odometer'],
      [37.5, 'odometer'],
    ]);
  });

  it('no data: a day with neither trips nor readings around it counts 0, never an estimate', () => {
    expect(day('2026-11-26')).toEqual({ date: '2026-11-26', miles: 0, billableMiles: 0, source: 'none' });
  });

  it(`cap: no day is billed for more than ${DAILY_CAP_MILES} miles, a corrected day neither`, () => {
    expect(day('2026-11-25')).toEqual({ date: '2026-11-25', miles: 400, billableMiles: DAILY_CAP_MILES, source: 'trips' });
    expect(day('2026-11-27')).toEqual({ date: '2026-11-27', miles: 300, billableMiles: DAILY_CAP_MILES, source: 'dispute' });
  });
});
