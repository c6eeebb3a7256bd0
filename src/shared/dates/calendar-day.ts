import { daysInclusive, nextDay } from './iso-day';

/**
 * The one definition of a day the site accepts, and of a range of days.
 *
 * Every day the site deals in (birth dates, incidents, terms, statements, miles) lies between
 * these years. Bounding them keeps every date four digits long, so YYYY-MM-DD strings compare
 * as the days they name (a "+010000-01-01" after 9999-12-31 compared as smaller and sent a
 * day-by-day loop on for ever), and keeps every loop over days small.
 */
export const MIN_DAY = '1900-01-01';
export const MAX_DAY = '2199-12-31';
/** The longest range of days one request may ask for (a policy's term is at most a year). */
export const MAX_RANGE_DAYS = 366;

const DAY_SHAPE = /^\d{4}-\d{2}-\d{2}$/;

/** Whether a value is a real day on the calendar, YYYY-MM-DD, from MIN_DAY to MAX_DAY. */
export function isCalendarDay(value: unknown): value is string {
  if (typeof value !== 'string' || !DAY_SHAPE.test(value) || value < MIN_DAY || value > MAX_DAY) return false;
  const [year, month, date] = value.split('-').map(Number);
  const at = new Date(Date.UTC(year, month - 1, date));
  return at.getUTCFullYear() === year && at.getUTCMonth() === month - 1 && at.getUTCDate() === date;
}

/** Every day from `from` to `to`, both included; refuses (rather than loops over) more than a range may hold. */
export function daysBetween(from: string, to: string, maxDays = MAX_RANGE_DAYS): string[] {
  if (!isCalendarDay(from) || !isCalendarDay(to) || daysInclusive(from, to) > maxDays) throw new RangeError(`Not a range of at most ${maxDays} days: ${from}..${to}`);
  const days: string[] = [];
  for (let day = from; day <= to; day = nextDay(day)) days.push(day);
  return days;
}
