import { daysInclusive } from '../dates/iso-day';
import { DAILY_CAP_MILES } from '../miles/billable-miles';
import type { StatementLine } from './statement-line';

/** The longest billing period: a month of 31 days. Where no period is known yet (at the price), the most is said for it. */
export const LONGEST_MONTH_DAYS = 31;

/**
 * The most a period can cost: its base rate plus every car's per-mile rate at the daily cap
 * (DAILY_CAP_MILES) on each of its days. Miles beyond the cap are free, so no statement for the
 * period can bill more. 250 miles at tenths of a cent is a whole number of cents: nothing rounds.
 */
export function mostAMonthCanCostCents(input: { baseRateCents: number; perMileRatesMills: number[]; days: number }): number {
  return input.baseRateCents + input.perMileRatesMills.reduce((sum, mills) => sum + capCents(input.days, mills), 0);
}

/** A car's miles at the cap on each of `days` days, in cents. */
const capCents = (days: number, mills: number) => Math.round((DAILY_CAP_MILES * days * mills) / 10);

/**
 * The most a period priced as these lines can cost: every base rate line (the period's own base
 * rate paid ahead, a policy change's difference, a cancellation's credit) as it is, and each miles
 * line at the cap on each of its days at its own rate. So a period cut by a change counts each
 * stretch's cars at their rates for their days. Lines of other periods (the next period's base
 * rate, a corrected day's adjustment) are the caller's to leave out.
 */
export function mostThesePeriodLinesCanCostCents(lines: Pick<StatementLine, 'kind' | 'from' | 'to' | 'perMileRateMills' | 'amountCents'>[]): number {
  return lines.reduce(
    (sum, line) => sum + (line.kind === 'miles' ? capCents(daysInclusive(line.from, line.to), line.perMileRateMills ?? 0) : line.amountCents),
    0,
  );
}
