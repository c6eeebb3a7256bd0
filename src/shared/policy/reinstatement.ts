import { addDays } from '../dates/iso-day';
import { FINAL_MILES_DAYS } from './policy-model';

/**
 * A policy cancelled for non-payment may be reinstated online for this many days after its last
 * covered day (issue 26), by paying what is owed and stating that nothing happened meanwhile.
 * Cover resumes at the moment of reinstatement, not before: the days between are a lapse the
 * documents show (docs/decisions.md, "Reinstatement").
 */
export const REINSTATEMENT_DAYS = 14;

/** The last day a policy whose last covered day was `cancellationDate` may be reinstated on. */
export function lastReinstatementDay(cancellationDate: string): string {
  return addDays(cancellationDate, REINSTATEMENT_DAYS);
}

/**
 * Whether a policy may be reinstated on `today`: cancelled for non-payment, within the window,
 * and before its term's end (a term that has run out is not brought back; a new policy is bought).
 */
export function mayReinstate(
  policy: { status: string; cancellationReason?: string | null; cancellationDate?: string | null; termEndDate: string },
  today: string,
): boolean {
  if (policy.status !== 'cancelled' || policy.cancellationReason !== 'non-payment' || !policy.cancellationDate) return false;
  return today > policy.cancellationDate && today <= lastReinstatementDay(policy.cancellationDate) && today < policy.termEndDate;
}

/**
 * The days after a cancellation the final statement waits for: late trips and the final
 * reading, and for a cancellation for non-payment the reinstatement window too (a reinstated
 * policy's period goes on instead of closing).
 */
export function finalStatementWaitDays(reason: string | null | undefined): number {
  return reason === 'non-payment' ? Math.max(FINAL_MILES_DAYS, REINSTATEMENT_DAYS) : FINAL_MILES_DAYS;
}
