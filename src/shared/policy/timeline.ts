import { startOfLocalDay, timeZoneOf } from '../dates/state-day';
import type { TermsChange, BilledTerms } from '../billing/terms-timeline';

/**
 * The events of a policy's life (issue 26; the policy administration systems' "policy
 * transactions"): each holds the policy's terms from its effective moment. `cancel` keeps the
 * terms it ended; the later kinds are written by renewal and missed payments.
 */
export const POLICY_TRANSACTION_KINDS = ['issue', 'change', 'cancel', 'renew', 'non-renew', 'expire', 'lapse', 'reinstate'] as const;
export type PolicyTransactionKind = (typeof POLICY_TRANSACTION_KINDS)[number];

export interface TimelineEvent<T> {
  /** The order it was booked in (0: the issue). */
  seq: number;
  kind: PolicyTransactionKind;
  effectiveAt: Date;
  /** The policy's state's day it takes effect on (YYYY-MM-DD). */
  effectiveDate: string;
  terms: T;
  /** Reversed by a later booking (an out-of-sequence change re-applies the events after it as new ones). */
  reversed?: boolean;
}

type AnyEvent = TimelineEvent<unknown>;

const live = <E extends AnyEvent>(events: E[]) => events.filter((e) => !e.reversed);

/** In effect order; two at the same moment in the order they were booked. */
export function inEffectOrder<E extends AnyEvent>(events: E[]): E[] {
  return live(events).sort((a, b) => a.effectiveAt.getTime() - b.effectiveAt.getTime() || a.seq - b.seq);
}

/**
 * The event whose terms are in force at `at`: the last effective by then. Before the policy
 * starts, its first event (a policy bought today to start next week reads as it will be).
 */
export function inForceAt<E extends AnyEvent>(events: E[], at: Date): E | undefined {
  const ordered = inEffectOrder(events);
  return ordered.filter((e) => e.effectiveAt <= at).at(-1) ?? ordered[0];
}

/** What is coming: the events effective after `at`, in effect order. */
export function comingAfter<E extends AnyEvent>(events: E[], at: Date): E[] {
  return inEffectOrder(events).filter((e) => e.effectiveAt > at);
}

/** The changes effective after `at`: an out-of-sequence change effective at `at` re-applies them on top of itself. */
export function changesAfter<E extends AnyEvent>(events: E[], at: Date): E[] {
  return comingAfter(events, at).filter((e) => e.kind === 'change');
}

/**
 * The terms' changes in effect order, each with the terms before it: what billing prices each day
 * by. Only events that change what is billed (a change, a renewal's new rates) count: a notice,
 * a cancellation or an expiry keeps the terms it ends.
 */
export function termsChanges<T extends BilledTerms>(events: TimelineEvent<T>[]): TermsChange[] {
  const ordered = inEffectOrder(events);
  const changes: TermsChange[] = [];
  let before = ordered[0];
  for (const event of ordered.slice(1)) {
    if (event.kind !== 'change' && event.kind !== 'renew') continue;
    changes.push({ effectiveDate: event.effectiveDate, before: billed(before.terms), after: billed(event.terms) });
    before = event;
  }
  return changes;
}

const billed = ({ baseRateCents, vehicles }: BilledTerms): BilledTerms => ({ baseRateCents, vehicles });

/**
 * The moment an event dated `day` takes effect: the start of that day in the policy's state, or
 * `notBefore` if later (a policy bought at 8:34 pm to start that day covers from 8:34 pm, and
 * nothing on its timeline takes effect before its cover begins).
 */
export function eventMoment(day: string, state: string, notBefore?: Date | null): Date {
  const start = startOfLocalDay(day, timeZoneOf(state));
  return notBefore && notBefore > start ? notBefore : start;
}

/** A time the policy was not in force between two covered ones: cancelled, then reinstated. */
export interface CoverGap {
  /** The moment cover ended (the cancellation's), and the moment it resumed (the reinstatement's). */
  from: Date;
  to: Date;
  /** The first day without cover, and the reinstatement's day (covered from its moment on). */
  fromDate: string;
  toDate: string;
}

/** Each cancellation a reinstatement followed: the moments without cover between them. */
export function coverGaps<E extends AnyEvent>(events: E[]): CoverGap[] {
  const gaps: CoverGap[] = [];
  let cancel: E | undefined;
  for (const event of inEffectOrder(events)) {
    if (event.kind === 'cancel') cancel = event;
    if (event.kind === 'reinstate' && cancel) {
      gaps.push({ from: cancel.effectiveAt, to: event.effectiveAt, fromDate: cancel.effectiveDate, toDate: event.effectiveDate });
      cancel = undefined;
    }
  }
  return gaps;
}
