import { addDays, addMonths, daysInclusive } from '../dates/iso-day';

/**
 * Where a run of billing periods begins. The first runs month by month from the policy's start
 * (`day` null); choosing a billing day adds one from the next period on: that period runs to the
 * day before the chosen day comes round (a bridge, its base rate prorated to the day), and the
 * ones after it from that day month by month.
 */
export interface BillingAnchor {
  fromIndex: number;
  /** YYYY-MM-DD: the first day of period `fromIndex`. */
  start: string;
  /** 1–28, or null for months counted from `start`. */
  day: number | null;
}

export interface BillingSchedule {
  effectiveDate: string;
  /** Null or empty: month by month from the start date. */
  billingAnchors: BillingAnchor[] | null;
}

export interface BillingPeriod {
  index: number;
  start: string;
  end: string;
  days: number;
  /**
   * The days of a whole month: `days`, except for a bridge to a chosen billing day, whose base
   * rate is prorated by days / monthDays (the month from its start).
   */
  monthDays: number;
}

export const MIN_BILLING_DAY = 1;
export const MAX_BILLING_DAY = 28;

function anchorsOf(schedule: BillingSchedule): BillingAnchor[] {
  const chosen = (schedule.billingAnchors ?? []).filter((a) => a.fromIndex > 0);
  return [{ fromIndex: 0, start: schedule.effectiveDate, day: null }, ...chosen].sort((a, b) => a.fromIndex - b.fromIndex);
}

/** The first day after `day` that is the `dayOfMonth`th of its month (dayOfMonth ≤ 28). */
export function nextDayOfMonth(day: string, dayOfMonth: number): string {
  const sameMonth = `${day.slice(0, 8)}${String(dayOfMonth).padStart(2, '0')}`;
  return sameMonth > day ? sameMonth : addMonths(sameMonth, 1);
}

/** The first day of period `index` counted from `anchor` (index ≥ anchor.fromIndex). */
function boundary(anchor: BillingAnchor, index: number): string {
  const steps = index - anchor.fromIndex;
  if (steps === 0) return anchor.start;
  if (anchor.day === null) return addMonths(anchor.start, steps);
  return addMonths(nextDayOfMonth(anchor.start, anchor.day), steps - 1);
}

/** Period `index` of a policy under its billing anchors. */
export function billingPeriod(schedule: BillingSchedule, index: number): BillingPeriod {
  const anchors = anchorsOf(schedule);
  const own = anchors.filter((a) => a.fromIndex <= index).at(-1)!;
  const following = anchors.find((a) => a.fromIndex === index + 1);
  const start = boundary(own, index);
  const end = addDays(following ? following.start : boundary(own, index + 1), -1);
  const days = daysInclusive(start, end);
  const bridge = own.day !== null && index === own.fromIndex;
  return { index, start, end, days, monthDays: bridge ? daysInclusive(start, addDays(addMonths(start, 1), -1)) : days };
}

/** The period `day` falls in (the first when it is before the policy starts). */
export function periodContaining(schedule: BillingSchedule, day: string): BillingPeriod {
  let period = billingPeriod(schedule, 0);
  while (period.end < day) period = billingPeriod(schedule, period.index + 1);
  return period;
}

/** A period's base rate: the month's, or prorated to the day for a shorter bridge period. */
export function baseRateFor(period: BillingPeriod, monthlyBaseCents: number): number {
  return period.days >= period.monthDays ? monthlyBaseCents : Math.round((monthlyBaseCents * period.days) / period.monthDays);
}

/**
 * The anchors after choosing `day` while period `current` runs: that period, paid ahead, keeps
 * its end; the next bridges to the chosen day. Choosing again in the same period replaces it.
 */
export function chooseBillingDay(schedule: BillingSchedule, current: number, day: number): BillingAnchor[] {
  const from = current + 1;
  const start = billingPeriod(schedule, from).start;
  return [...anchorsOf(schedule).filter((a) => a.fromIndex > 0 && a.fromIndex < from), { fromIndex: from, start, day }];
}
