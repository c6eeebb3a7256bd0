import { baseRateFor, billingPeriod, type BillingPeriod, type BillingSchedule } from '../../shared/billing/billing-periods';
import { changeProration } from '../../shared/billing/change-proration';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { carNumbered } from '../../shared/policy/policy-cars';
import { type PolicyVehicle } from '../../shared/policy/policy-model';
import type { StatementLine } from '../../shared/billing/statement-line';

export type { StatementLine };

/** A day's billable miles changed after its statement (a dispute staff accepted). */
export interface MileageAdjustment {
  /** The car's number on the policy. */
  vehicleIndex: number;
  day: string;
  /** Billable miles now less those billed (each capped at 250). */
  miles: number;
}

const mileCents = (miles: number, mills: number) => Math.round((miles * mills) / 10);

/** What a line says of its car: its number on the policy and its name then. */
type BilledCar = Pick<PolicyVehicle, 'vehicleIndex' | 'year' | 'make' | 'model' | 'perMileRateMills'>;
const carOfLine = ({ vehicleIndex, year, make, model }: BilledCar) => ({ vehicleIndex, vehicle: { year, make, model } });

/** A period's base rate (paid ahead): prorated to the day, saying so, in a bridge to a new billing day. */
export function baseRateLine(period: BillingPeriod, monthlyBaseCents: number): StatementLine {
  const prorated = period.days < period.monthDays;
  return {
    kind: 'base-rate',
    from: period.start,
    to: period.end,
    ...(prorated ? { days: period.days, periodDays: period.monthDays } : {}),
    amountCents: baseRateFor(period, monthlyBaseCents),
  };
}

/** What a period's statement prices: its cars and miles, stretch by stretch when changes cut it. */
export interface PeriodLinesInput {
  schedule: BillingSchedule;
  index: number;
  baseRateCents: number;
  vehicles: BilledCar[];
  /** Billable miles per car (in the order of `vehicles`) over the days billed. */
  billableMiles: number[];
  /** The last day covered, when cancelled. */
  cancellationDate?: string;
  /**
   * When changes took effect in the period (issue 16): the days cut where each did, each stretch
   * with its cars and their billable miles (then `vehicles` and `billableMiles` are not read for miles).
   */
  stretches?: { from: string; to: string; vehicles: BilledCar[]; billableMiles: number[] }[];
  /** Days of the period without cover (a lapse a reinstatement ended, issue 26), each with the month's base rate then: given back. */
  lapses?: { from: string; to: string; baseRateCents: number }[];
  /** The changes effective in the period: each bills (or gives back) its base rate difference for the rest of it. */
  changes?: { effectiveDate: string; beforeCents: number; afterCents: number }[];
  /** The base rate paid ahead for this period, when a change made it differ from `baseRateCents` (the next period's). */
  paidBaseRateCents?: number;
}

/**
 * What period k itself comes to beyond the base rate paid ahead for it: its miles, stretch by
 * stretch at the rates of the cars then insured, each change's base rate difference from its date
 * (to the period's end, or the last day covered when cancelled in it), and a cancellation's
 * credit of the base rate paid for days not covered. The one pricing of a period: the statement
 * closing it bills these lines, and the profile shows them (and the forecast) while it runs.
 */
export function periodLines(input: PeriodLinesInput): { miles: StatementLine[]; base: StatementLine[]; cancelled: boolean } {
  const period = billingPeriod(input.schedule, input.index);
  const cancelled = input.cancellationDate !== undefined && input.cancellationDate <= period.end;
  const lastDay = cancelled ? input.cancellationDate! : period.end;
  const stretches = input.stretches ?? [{ from: period.start, to: lastDay, vehicles: input.vehicles, billableMiles: input.billableMiles }];
  const miles = stretches.flatMap((stretch) =>
    stretch.vehicles.map((vehicle, place): StatementLine => ({
      kind: 'miles',
      ...carOfLine(vehicle),
      from: stretch.from,
      to: stretch.to,
      miles: stretch.billableMiles[place],
      perMileRateMills: vehicle.perMileRateMills,
      amountCents: mileCents(stretch.billableMiles[place], vehicle.perMileRateMills),
    })),
  );
  const base: StatementLine[] = [];
  // A change's difference runs to the period's end, or to the last day covered when cancelled in it.
  for (const change of input.changes ?? []) {
    const prorated = changeProration({ ...period, end: lastDay }, change.effectiveDate, change.beforeCents, change.afterCents);
    if (prorated.days > 0 && prorated.amountCents !== 0)
      base.push({
        kind: 'policy-change',
        from: prorated.from,
        to: prorated.to,
        days: prorated.days,
        periodDays: prorated.periodDays,
        amountCents: prorated.amountCents,
      });
  }
  for (const lapse of input.lapses ?? []) {
    const days = daysInclusive(lapse.from, lapse.to);
    const amountCents = -Math.round((baseRateFor(period, lapse.baseRateCents) * days) / period.days);
    if (amountCents !== 0) base.push({ kind: 'no-cover', from: lapse.from, to: lapse.to, days, periodDays: period.days, amountCents });
  }
  const unused = daysInclusive(lastDay, period.end) - 1;
  if (cancelled && unused > 0) {
    const paid = baseRateFor(period, input.paidBaseRateCents ?? input.baseRateCents);
    base.push({ kind: 'base-rate-credit', from: addDays(lastDay, 1), to: period.end, amountCents: -Math.round((paid * unused) / period.days) });
  }
  return { miles, base, cancelled };
}

/**
 * The lines closing period k. Base rates are paid a period ahead (the first at purchase), miles
 * after: so a statement bills the period's own lines (`periodLines`), any corrected day of a
 * period billed before, and the next period's base rate (prorated when it bridges to a newly
 * chosen billing day). A policy cancelled in the period bills its miles up to the last day
 * covered and gives back the base rate of the days it paid for and did not use, prorated to the day.
 */
export function statementLines(
  input: PeriodLinesInput & {
    adjustments?: MileageAdjustment[];
    /** The cars insured on a corrected day (their per-mile rates then), when they changed since. */
    vehiclesOn?: (day: string) => BilledCar[];
  },
): StatementLine[] {
  const own = periodLines(input);
  const lines: StatementLine[] = [...own.miles];
  for (const adjustment of input.adjustments ?? []) {
    // The car insured that day, by its number: never another car now in its place.
    const car = carNumbered(input.vehiclesOn?.(adjustment.day) ?? input.vehicles, adjustment.vehicleIndex)!;
    const mills = car.perMileRateMills;
    lines.push({
      kind: 'mileage-adjustment',
      ...carOfLine(car),
      from: adjustment.day,
      to: adjustment.day,
      miles: adjustment.miles,
      perMileRateMills: mills,
      amountCents: mileCents(adjustment.miles, mills),
    });
  }
  lines.push(...own.base);
  if (!own.cancelled) lines.push(baseRateLine(billingPeriod(input.schedule, input.index + 1), input.baseRateCents));
  return lines;
}

export const totalOf = (lines: StatementLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);
