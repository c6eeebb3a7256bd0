import { changeProration } from '../../shared/billing/change-proration';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';
import { carNumbered } from '../../shared/policy/policy-cars';
import { type PolicyVehicle } from '../../shared/policy/policy-model';
import { baseRateFor, billingPeriod, type BillingPeriod, type BillingSchedule } from './billing-periods';
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

function baseRateLine(kind: 'base-rate', period: BillingPeriod, monthlyBaseCents: number): StatementLine {
  const prorated = period.days < period.monthDays;
  return {
    kind,
    from: period.start,
    to: period.end,
    ...(prorated ? { days: period.days, periodDays: period.monthDays } : {}),
    amountCents: baseRateFor(period, monthlyBaseCents),
  };
}

/**
 * The lines closing period k. Base rates are paid a period ahead (the first at purchase), miles
 * after: so a statement bills the period's miles, car by car, any corrected day of a period
 * billed before, and the next period's base rate (prorated when it bridges to a newly chosen
 * billing day). A policy cancelled in the period bills its miles up to the last day covered and
 * gives back the base rate of the days it paid for and did not use, prorated to the day.
 */
export function statementLines(input: {
  schedule: BillingSchedule;
  index: number;
  baseRateCents: number;
  vehicles: BilledCar[];
  /** Billable miles per car (in the order of `vehicles`) over the days billed. */
  billableMiles: number[];
  adjustments?: MileageAdjustment[];
  /** The last day covered, when cancelled. */
  cancellationDate?: string;
  /**
   * When changes took effect in the period (issue 16): the days cut where each did, each stretch
   * with its cars and their billable miles (then `vehicles` and `billableMiles` are not read for miles).
   */
  stretches?: { from: string; to: string; vehicles: BilledCar[]; billableMiles: number[] }[];
  /** The changes effective in the period: each bills (or gives back) its base rate difference for the rest of it. */
  changes?: { effectiveDate: string; beforeCents: number; afterCents: number }[];
  /** The base rate paid ahead for this period, when a change made it differ from `baseRateCents` (the next period's). */
  paidBaseRateCents?: number;
  /** The cars insured on a corrected day (their per-mile rates then), when they changed since. */
  vehiclesOn?: (day: string) => BilledCar[];
}): StatementLine[] {
  const period = billingPeriod(input.schedule, input.index);
  const cancelled = input.cancellationDate !== undefined && input.cancellationDate <= period.end;
  const lastDay = cancelled ? input.cancellationDate! : period.end;
  const stretches = input.stretches ?? [{ from: period.start, to: lastDay, vehicles: input.vehicles, billableMiles: input.billableMiles }];
  const lines: StatementLine[] = stretches.flatMap((stretch) =>
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
  // A change's difference runs to the period's end, or to the last day covered when cancelled in it.
  for (const change of input.changes ?? []) {
    const prorated = changeProration({ ...period, end: lastDay }, change.effectiveDate, change.beforeCents, change.afterCents);
    if (prorated.days > 0 && prorated.amountCents !== 0)
      lines.push({
        kind: 'policy-change',
        from: prorated.from,
        to: prorated.to,
        days: prorated.days,
        periodDays: prorated.periodDays,
        amountCents: prorated.amountCents,
      });
  }
  if (cancelled) {
    const unused = daysInclusive(lastDay, period.end) - 1;
    if (unused > 0) {
      const paid = baseRateFor(period, input.paidBaseRateCents ?? input.baseRateCents);
      lines.push({ kind: 'base-rate-credit', from: addDays(lastDay, 1), to: period.end, amountCents: -Math.round((paid * unused) / period.days) });
    }
  } else {
    lines.push(baseRateLine('base-rate', billingPeriod(input.schedule, input.index + 1), input.baseRateCents));
  }
  return lines;
}

export const totalOf = (lines: StatementLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);
