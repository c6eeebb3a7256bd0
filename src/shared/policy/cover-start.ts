import { startOfLocalDay, timeZoneOf } from '../dates/state-day';
import { numberLocale } from '../format/money';

/** What the moment cover begins is read from: a policy row or its view (an ISO string when sent over the wire). */
export interface CoverStartInput {
  /** The policy's first day (YYYY-MM-DD), a day of its state. */
  effectiveDate: string;
  state: string;
  boundAt?: Date | string | null;
}

/**
 * The moment a policy's cover begins (issue 26): the start of its first day in its state, or the
 * moment it was bound if that is later. So a policy bought at 8:34 pm starting that day covers
 * from 8:34 pm, not from the midnight before (nothing that happened before the purchase is
 * insured); one starting on a later day covers from that day's midnight; an unbound policy (a
 * staff sale the customer has not confirmed) covers nothing yet.
 */
export function coverStartsAt(policy: CoverStartInput): Date | null {
  if (!policy.boundAt) return null;
  const boundAt = new Date(policy.boundAt);
  const dayStarts = startOfLocalDay(policy.effectiveDate, timeZoneOf(policy.state));
  return boundAt > dayStarts ? boundAt : dayStarts;
}

/**
 * When one car's cover begins: the policy's, or the start of the day a change brought the car on
 * (`since`, a day of the state) if that is later. Null while the policy is not bound.
 */
export function carCoverStartsAt(policy: CoverStartInput, since: string): Date | null {
  const policyStart = coverStartsAt(policy);
  if (!policyStart) return null;
  const carStart = startOfLocalDay(since, timeZoneOf(policy.state));
  return carStart > policyStart ? carStart : policyStart;
}

/**
 * The moment, as the declarations and the ID card print it: in the policy's state's time zone and
 * named, since a reader elsewhere would otherwise read it in theirs ("November 27, 2026 at
 * 8:34 PM MST", "27 de noviembre de 2026 a las 8:34 p.m. MST").
 */
export function formatCoverStart(at: Date | string, state: string, locale: string): string {
  return formatMomentIn(at, timeZoneOf(state), locale);
}

/** A moment in a named time zone, as formatCoverStart writes it: what a refusal's `extra.timeZone` is read with. */
export function formatMomentIn(at: Date | string, timeZone: string, locale: string): string {
  return new Intl.DateTimeFormat(numberLocale(locale), {
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(at));
}
