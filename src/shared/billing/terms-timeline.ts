import { addDays } from '../dates/iso-day';
import type { PolicyVehicle } from '../policy/policy-model';

/** What billing reads of a policy's terms: the month's base rate and each car's per-mile rate. */
export interface BilledTerms {
  baseRateCents: number;
  vehicles: PolicyVehicle[];
}

/** A change applied to the policy (issue 16): its terms before and after, from its effective date. */
export interface TermsChange {
  effectiveDate: string;
  before: BilledTerms;
  after: BilledTerms;
}

/**
 * The terms in force on `day`: those after the last change effective by then, else those before
 * the first change (`changes` in the order they were applied, their dates never going back).
 */
export function termsOn(current: BilledTerms, changes: TermsChange[], day: string): BilledTerms {
  let terms = changes.length ? changes[0].before : current;
  for (const change of changes) if (change.effectiveDate <= day) terms = change.after;
  return terms;
}

/** The days from..to cut where a change takes effect, each stretch with the terms in force in it. */
export function termStretches(current: BilledTerms, changes: TermsChange[], from: string, to: string): { from: string; to: string; terms: BilledTerms }[] {
  const cuts = [...new Set(changes.map((c) => c.effectiveDate).filter((day) => day > from && day <= to))].sort();
  const starts = [from, ...cuts];
  return starts.map((start, i) => ({ from: start, to: i + 1 < starts.length ? addDays(starts[i + 1], -1) : to, terms: termsOn(current, changes, start) }));
}
