import { periodContaining, type BillingSchedule } from '../../../shared/billing/billing-periods';
import { stateDay } from '../../../shared/dates/state-day';
import type { ChangeWindow } from '../../../shared/policy/policy-change-model';
import type { PolicyRow } from '../policy.repository';

export const scheduleOf = (policy: Pick<PolicyRow, 'effectiveDate' | 'billingAnchors'>): BillingSchedule => ({
  effectiveDate: policy.effectiveDate,
  billingAnchors: policy.billingAnchors,
});

/**
 * The days a change may take effect, in the policy's state: from today (or the policy's start,
 * if later) to the last day of the billing period that day is in (or of the term, if sooner), so
 * the statement closing that period always bills it (decisions, issue 16); and not before the
 * last change applied.
 */
export function changeWindow(
  policy: Pick<PolicyRow, 'state' | 'effectiveDate' | 'termEndDate' | 'billingAnchors'>,
  now: Date,
  lastChangeDate?: string,
): ChangeWindow {
  const today = stateDay(now, policy.state);
  // Never before the last change applied: the terms of each day then follow the order changes were made in.
  const earliest = [today, policy.effectiveDate, lastChangeDate ?? ''].reduce((a, b) => (a > b ? a : b));
  const periodEnd = periodContaining(scheduleOf(policy), earliest).end;
  return { earliest, latest: periodEnd < policy.termEndDate ? periodEnd : policy.termEndDate };
}
