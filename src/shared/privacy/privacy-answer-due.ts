import { addDays } from '../dates/iso-day';
import { STATE_TIME_ZONES, localDay, startOfLocalDay } from '../dates/state-day';

/**
 * The laws count a privacy request's 45 days as calendar days from the day it was received, so
 * the answer is due at the end of the 45th day after that day, not 45 × 24 hours later (which a
 * change of clocks moves by an hour). A request is not tied to one state (an account may hold no
 * policy yet), so the day is counted in each launch state's zone and the earliest end is kept:
 * the deadline holds wherever the customer lives.
 */
export function endOfCalendarDaysAfter(at: Date, days: number): Date {
  let due: Date | undefined;
  for (const timeZone of new Set(Object.values(STATE_TIME_ZONES))) {
    const end = startOfLocalDay(addDays(localDay(at, timeZone), days + 1), timeZone);
    if (!due || end < due) due = end;
  }
  return due!;
}

/** When a request received at `receivedAt` must be answered. */
export function privacyAnswerDue(receivedAt: Date, days: number): Date {
  return endOfCalendarDaysAfter(receivedAt, days);
}

/**
 * The deadline once extended by `days` more: counted from the day the first deadline fell on (its
 * last instant is the end of that day).
 */
export function privacyAnswerExtended(dueAt: Date, days: number): Date {
  return endOfCalendarDaysAfter(new Date(dueAt.getTime() - 1), days);
}
