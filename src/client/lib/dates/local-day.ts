import { stateDay } from '../../../shared/dates/state-day';

/** Today in the visitor's own time zone (YYYY-MM-DD): a date input speaks local days. */
export function localToday(now: Date = new Date()): string {
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${now.getFullYear()}-${pad(now.getMonth() + 1)}-${pad(now.getDate())}`;
}

/**
 * Today for a policy: the day in its state, which the server counts its start, cancellation,
 * miles and bills in (a visitor in another zone, or at 6 pm in Arizona, is on another day than
 * UTC); the visitor's own day while the state is not known yet.
 */
export function policyToday(state: string | undefined, now: Date = new Date()): string {
  return state ? stateDay(now, state) : localToday(now);
}

/** Whether `day` is a YYYY-MM-DD date from `first` to `last`, both included. */
export function dayWithin(day: string, first: string, last: string): boolean {
  return /^\d{4}-\d{2}-\d{2}$/.test(day) && day >= first && day <= last;
}
