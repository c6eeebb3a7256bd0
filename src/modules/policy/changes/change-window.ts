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
 * the statement closing that period always bills it (decisions, issue 16). Any day of it, in any
 * order: a change dated before one already booked is priced on its own day's terms and the later
 * one re-applied on top of it (issue 26).
 */
export function changeWindow(policy: Pick<PolicyRow, 'state' | 'effectiveDate' | 'termEndDate' | 'billingAnchors'>, now: Date): ChangeWindow {
  const today = stateDay(now, policy.state);
  const earliest = today > policy.effectiveDate ? today : policy.effectiveDate;
  const periodEnd = periodContaining(scheduleOf(policy), earliest).end;
  return { earliest, latest: periodEnd < policy.termEndDate ? periodEnd : policy.termEndDate };
}
