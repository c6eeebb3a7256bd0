import { breakEvenMiles, type FlatRateYardstick } from '../../shared/billing/flat-rate-yardstick';
import { mostThesePeriodLinesCanCostCents } from '../../shared/billing/monthly-maximum';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { type PolicyVehicle } from '../../shared/policy/policy-model';
import type { BillingPeriod } from '../../shared/billing/billing-periods';
import type { BilledSavings } from './billed-savings';
import type { PeriodBill } from './period-bill';
import type { StatementLine } from './statement-lines';

/** Warn the customer when this share of their monthly mileage budget is used. */
export const BUDGET_ALERT_SHARE = 0.8;

/** Remind the customer to send a reading after this many days with no trip and no reading. */
export const QUIET_DAYS_BEFORE_REMINDER = 7;

export interface FlatRateComparison {
  /** The yardstick: the state's published average for a car with this policy's coverages (`flat-rate-yardstick.ts`). */
  state: string;
  year: number;
  monthlyCentsPerCar: number;
  /** The yardstick for all the cars, a month. */
  monthlyCents: number;
  /** Above these miles a month (in all) pay-per-mile would cost more. */
  breakEvenMiles: number;
  /**
   * The last billed period against the flat rate (negative: it cost more). Only a finished period
   * is compared: a forecast's savings would be a claim we cannot stand behind.
   */
  lastPeriod?: BilledSavings;
}

export interface BillingSummary {
  period: { from: string; to: string };
  /** The day this period's statement is made: the day after it ends. */
  nextStatementDate: string;
  /** The day of the month statements are made on (the customer's choice, or the start day's). */
  billingDay: number;
  /** Days of the period gone, today included. */
  daysElapsed: number;
  daysInPeriod: number;
  /** Billable miles so far, per car and in all. */
  milesSoFar: number[];
  totalMilesSoFar: number;
  /**
   * The period's base rate (paid ahead, prorated in a bridge period) and what its statement will
   * bill for it with the miles so far: each stretch's miles at the rates then in force, each policy
   * change's base rate difference, a cancellation's credit (`period-bill.ts`).
   */
  billSoFarCents: number;
  /** Every line of the bill so far, as the statement will word them. */
  billLines: StatementLine[];
  /** Of the bill so far, the base rate paid ahead for this period (already charged): the rest is what its statement will bill. */
  paidAheadCents: number;
  /** The most this period can cost: its lines with every car at the daily cap on each of its days (`mostThesePeriodLinesCanCostCents`). */
  maximumCents: number;
  /** Where the period is heading: the quote's stated miles until a week of miles is in, then this pace. */
  forecastMiles: number;
  forecastCents: number;
  /** Absent in a state with no sourced average to compare with. */
  flatRate?: FlatRateComparison;
  budget: { miles: number; used: number; share: number } | null;
  /** No trip and no reading for a week or more: we ask for a reading. */
  missingMiles: boolean;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** What the state's average driver paid a month for these cars with the same coverages. */
export const flatMonthlyCents = (yardstick: FlatRateYardstick, carCount: number) => yardstick.monthlyCentsPerCar * carCount;

function flatRateComparison(
  yardstick: FlatRateYardstick,
  monthlyBaseCents: number,
  vehicles: Pick<PolicyVehicle, 'perMileRateMills'>[],
  lastBilled?: BilledSavings,
): FlatRateComparison {
  const monthlyCents = flatMonthlyCents(yardstick, vehicles.length);
  return {
    ...yardstick,
    monthlyCents,
    breakEvenMiles: breakEvenMiles(
      monthlyCents,
      monthlyBaseCents,
      vehicles.map((vehicle) => vehicle.perMileRateMills),
    ),
    ...(lastBilled ? { lastPeriod: lastBilled } : {}),
  };
}

/** Where this period stands: what is billed so far, where it is heading, a flat rate with the last billed period against it, and the budget. */
export function billingSummary(input: {
  today: string;
  period: Pick<BillingPeriod, 'start' | 'end' | 'days' | 'monthDays'>;
  /** The month's base rate and the cars now (for the flat-rate comparison). */
  monthlyBaseCents: number;
  /** The state's average to compare with, or null where there is no sourced one. */
  yardstick: FlatRateYardstick | null;
  billingDay: number;
  vehicles: Pick<PolicyVehicle, 'perMileRateMills'>[];
  /** The period priced as its statement will price it. */
  bill: PeriodBill;
  budgetMiles: number | null;
  /** The first day to count quiet days from: the later of the policy's start and the last trip or reading. */
  quietSince: string;
  lastBilled?: BilledSavings;
}): BillingSummary {
  const { period, bill } = input;
  const daysElapsed = Math.max(1, Math.min(daysInclusive(period.start, input.today), period.days));
  const total = round2(bill.milesSoFar.reduce((a, b) => a + b, 0));
  return {
    period: { from: period.start, to: period.end },
    nextStatementDate: addDays(period.end, 1),
    billingDay: input.billingDay,
    daysElapsed,
    daysInPeriod: period.days,
    milesSoFar: bill.milesSoFar,
    totalMilesSoFar: total,
    billSoFarCents: bill.billSoFarCents,
    billLines: bill.lines,
    paidAheadCents: bill.lines.filter((line) => line.kind === 'base-rate').reduce((sum, line) => sum + line.amountCents, 0),
    maximumCents: mostThesePeriodLinesCanCostCents(bill.lines),
    forecastMiles: bill.forecastMiles,
    forecastCents: bill.forecastCents,
    ...(input.yardstick ? { flatRate: flatRateComparison(input.yardstick, input.monthlyBaseCents, input.vehicles, input.lastBilled) } : {}),
    budget: input.budgetMiles ? { miles: input.budgetMiles, used: total, share: round2(total / input.budgetMiles) } : null,
    missingMiles: input.today >= input.quietSince && daysInclusive(input.quietSince, input.today) - 1 >= QUIET_DAYS_BEFORE_REMINDER,
  };
}
