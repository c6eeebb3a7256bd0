/**
 * Days written YYYY-MM-DD, and arithmetic on them. A day here is a calendar day with no zone:
 * the arithmetic runs in UTC only so that no local clock shifts it.
 */

/**
 * The UTC day an instant falls on: the quote's and the application's calendar (a rating date,
 * an age). A policy's own days (its start, confirmation, cancellation, documents, miles and
 * billing) are its state's: `stateDay` in ./state-day.
 */
export function isoDay(date: Date): string {
  return date.toISOString().slice(0, 10);
}

/** The day `days` after `day` (YYYY-MM-DD). */
export function addDays(day: string, days: number): string {
  const at = new Date(`${day}T00:00:00Z`);
  at.setUTCDate(at.getUTCDate() + days);
  return isoDay(at);
}

/** The next calendar day. */
export function nextDay(day: string): string {
  return addDays(day, 1);
}

/** The day `months` after `day` (YYYY-MM-DD), kept within the month: Aug 31 + 6 → Feb 28. */
export function addMonths(day: string, months: number): string {
  const [year, month, date] = day.split('-').map(Number);
  const target = new Date(Date.UTC(year, month - 1 + months, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  target.setUTCDate(Math.min(date, lastDay));
  return isoDay(target);
}

/** How many days from `from` to `to` (YYYY-MM-DD), both counted (0 or less when `to` is before `from`); no loop. */
export function daysInclusive(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}
