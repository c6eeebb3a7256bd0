/**
 * What happens next on a claim, with the day each step is due (issue 27: "see what happens next
 * with an expected time at each step"). Meterly's own times, each capped by what the policy's
 * state allows an insurer (its unfair claims settlement rules, docs/decisions.md "a claim the
 * customer can follow"): a promise we can keep, never later than the law.
 */
import { addDays } from '../dates/iso-day';
import { stateDay } from '../dates/state-day';
import type { ClaimStatus } from './claim-states';

/** The steps a customer waits for: review begins, a decision, the payment. */
export const CLAIM_STEPS = ['review', 'decision', 'payment'] as const;
export type ClaimStep = (typeof CLAIM_STEPS)[number];

/** A span of days: calendar days, or business days (Monday to Friday). */
export interface DaySpan {
  days: number;
  business: boolean;
}

const business = (days: number): DaySpan => ({ days, business: true });
const calendar = (days: number): DaySpan => ({ days, business: false });

/** Meterly's own times: review within 2 business days of the report, a decision within 10 of the review's start, payment within 5 of approval. */
export const METERLY_TIMES: Readonly<Record<ClaimStep, DaySpan>> = { review: business(2), decision: business(10), payment: business(5) };

/**
 * The longest each launch state allows (review = acknowledging the claim and beginning the
 * investigation; decision = accepting or denying after proof of loss; payment = after accepting).
 * A state without a rule for a step keeps Meterly's time. Sources in docs/decisions.md.
 */
export const STATE_LIMITS: Readonly<Record<string, Partial<Record<ClaimStep, DaySpan>>>> = {
  // A.A.C. R20-6-801(E)(1), (G)(1)(a), (G)(4).
  AZ: { review: business(10), decision: business(15), payment: calendar(30) },
  // Tex. Ins. Code §542.055, §542.056, §542.057.
  TX: { review: calendar(15), decision: business(15), payment: business(5) },
  // 50 Ill. Adm. Code 919.40 (15 working days), 919.50(a) (payment 30 days after liability is affirmed).
  IL: { review: business(15), payment: calendar(30) },
  // OAR 836-080-0225(1), 836-080-0235(1).
  OR: { review: calendar(30), decision: calendar(30) },
  // 31 Pa. Code §146.5(a), §146.7(a)(1).
  PA: { review: business(10), decision: business(15) },
};

/** The day `span` after `from` (a business day counts Monday to Friday; public holidays are not skipped, so the day is never later than the law's). */
export function after(from: string, span: DaySpan): string {
  if (!span.business) return addDays(from, span.days);
  let day = from;
  for (let left = span.days; left > 0;) {
    day = addDays(day, 1);
    const weekday = new Date(`${day}T12:00:00Z`).getUTCDay();
    if (weekday !== 0 && weekday !== 6) left--;
  }
  return day;
}

/** The sooner of Meterly's time and the state's limit for a step, from `from`. */
export function dueAfter(from: string, step: ClaimStep, state: string): string {
  const ours = after(from, METERLY_TIMES[step]);
  const limit = STATE_LIMITS[state]?.[step];
  const law = limit ? after(from, limit) : ours;
  return ours < law ? ours : law;
}

/**
 * How a step is worded to the customer (the key under each side's texts): the payment is "if it
 * is approved" until it is, then a plain promise. The claim page and the claim e-mails both say it.
 */
export function stepWording(step: ClaimStep, status: ClaimStatus): ClaimStep | 'paymentApproved' {
  return step === 'payment' && status === 'approved' ? 'paymentApproved' : step;
}

export interface NextStep {
  step: ClaimStep;
  /** YYYY-MM-DD, the state's day: when it is due at the latest. */
  by: string;
}

/**
 * The steps still ahead of a claim and their days, each counted from the day the one before it is
 * due (or was reached): reported → review; under review → decision; approved → payment. A denied,
 * paid or closed claim has none. `events` are the claim's steps, oldest first.
 */
export function nextSteps(claim: { status: ClaimStatus; events: readonly { status: ClaimStatus; at: string }[] }, state: string): NextStep[] {
  // The day the claim reached its state (its last step of it; every claim has its report's).
  const reachedOn = (status: ClaimStatus) => {
    const event = [...claim.events].reverse().find((e) => e.status === status) ?? claim.events[claim.events.length - 1];
    return stateDay(new Date(event.at), state);
  };
  const chain = (from: string, steps: readonly ClaimStep[]): NextStep[] => {
    const ahead: NextStep[] = [];
    for (const step of steps) ahead.push({ step, by: (from = dueAfter(from, step, state)) });
    return ahead;
  };
  switch (claim.status) {
    case 'reported':
      return chain(reachedOn('reported'), CLAIM_STEPS);
    case 'under_review':
      return chain(reachedOn('under_review'), ['decision', 'payment']);
    case 'approved':
      return chain(reachedOn('approved'), ['payment']);
    default:
      return [];
  }
}
