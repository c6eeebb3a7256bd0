import { startOfLocalDay } from '../../src/shared/dates/state-day';
import { dayFromToday } from './quote-fixtures';
import type { TestClock } from './test-clock';

/**
 * Times for the fixtures' Arizona policies that mean the same whatever hour the suite runs at.
 * A time taken as "so many hours before now" lands on another Arizona day, or across its
 * midnight, at some hours of the day (CI runs at any of them), and a trip "today" cannot have
 * ended yet in the first minutes after midnight.
 */
export const PHOENIX = 'America/Phoenix';
const HOUR = 3_600_000;

/** `hour` o'clock (fractions allowed) of an Arizona day: an ISO instant. */
export function atArizonaHour(day: string, hour: number): string {
  return new Date(startOfLocalDay(day, PHOENIX).getTime() + hour * HOUR).toISOString();
}

/** `hour` o'clock in Arizona, `daysAgo` of its days before today's: an ISO instant. */
export function arizonaTime(daysAgo: number, hour: number, now: Date = new Date()): string {
  return atArizonaHour(dayFromToday(-daysAgo, now), hour);
}

/**
 * Moves a test's server clock on (never back) until Arizona's day is `hours` old, so "today"
 * already holds a finished trip. At most `hours` on, and only in the first of them after
 * midnight. Call it before anyone signs in: sessions go idle by this clock.
 */
export function clockPastArizonaMidnight(clock: TestClock, hours = 1): void {
  const now = clock.now();
  const behind = Date.parse(arizonaTime(0, hours, now)) - now.getTime();
  if (behind > 0) clock.advance(behind);
}
