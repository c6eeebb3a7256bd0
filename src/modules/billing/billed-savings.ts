import { baseRateFor, type BillingPeriod } from '../../shared/billing/billing-periods';
import { daysInclusive } from '../../shared/dates/iso-day';
import type { BilledSavings } from '../../shared/billing/billed-savings';
import type { StatementLine } from '../../shared/billing/statement-line';

export type { BilledSavings };

/**
 * A billed period's cost is its base rate (paid ahead, on the statement before or at purchase)
 * plus its own miles, each policy change's base rate difference (issue 16) and any base rate
 * given back on cancellation, all on its statement (`periodLines`); a
 * correction of an earlier period on the same statement belongs to that period, not this one.
 */
export function billedSavings(input: {
  period: BillingPeriod;
  lastDay: string;
  monthlyBaseCents: number;
  flatMonthlyCents: number;
  lines: StatementLine[];
}): BilledSavings {
  const { period } = input;
  const own = input.lines.filter(
    (line) => line.kind === 'miles' || line.kind === 'policy-change' || line.kind === 'base-rate-credit' || line.kind === 'no-cover',
  );
  const paidCents = baseRateFor(period, input.monthlyBaseCents) + own.reduce((sum, line) => sum + line.amountCents, 0);
  const days = Math.min(daysInclusive(period.start, input.lastDay), period.monthDays);
  const flatCents = Math.round((input.flatMonthlyCents * days) / period.monthDays);
  return { from: period.start, to: input.lastDay, flatCents, paidCents, savingsCents: flatCents - paidCents };
}
