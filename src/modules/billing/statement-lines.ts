import { type PolicyVehicle } from '../../shared/policy/policy-model';
import type { StatementLine } from '../../shared/billing/statement-line';
import { baseRateFor, billingPeriod, type BillingPeriod, type BillingSchedule } from './billing-periods';
import { addDays, daysInclusive } from '../../shared/dates/iso-day';

export type { StatementLine };

/** A day's billable miles changed after its statement (a dispute staff accepted). */
export interface MileageAdjustment {
  vehicleIndex: number;
  day: string;
  /** Billable miles now less those billed (each capped at 250). */
  miles: number;
}

const mileCents = (miles: number, mills: number) => Math.round((miles * mills) / 10);

function baseRateLine(kind: 'base-rate', period: BillingPeriod, monthlyBaseCents: number): StatementLine {
  const prorated = period.days < period.monthDays;
  return { kind, from: period.start, to: period.end, ...(prorated ? { days: period.days, periodDays: period.monthDays } : {}), amountCents: baseRateFor(period, monthlyBaseCents) };
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
  vehicles: Pick<PolicyVehicle, 'perMileRateMills'>[];
  /** Billable miles per car over the days billed. */
  billableMiles: number[];
  adjustments?: MileageAdjustment[];
  /** The last day covered, when cancelled. */
  cancellationDate?: string;
}): StatementLine[] {
  const period = billingPeriod(input.schedule, input.index);
  const cancelled = input.cancellationDate !== undefined && input.cancellationDate <= period.end;
  const lastDay = cancelled ? input.cancellationDate! : period.end;
  const lines: StatementLine[] = input.vehicles.map((vehicle, vehicleIndex) => ({
    kind: 'miles',
    vehicleIndex,
    from: period.start,
    to: lastDay,
    miles: input.billableMiles[vehicleIndex],
    perMileRateMills: vehicle.perMileRateMills,
    amountCents: mileCents(input.billableMiles[vehicleIndex], vehicle.perMileRateMills),
  }));
  for (const adjustment of input.adjustments ?? []) {
    const mills = input.vehicles[adjustment.vehicleIndex].perMileRateMills;
    lines.push({ kind: 'mileage-adjustment', vehicleIndex: adjustment.vehicleIndex, from: adjustment.day, to: adjustment.day, miles: adjustment.miles, perMileRateMills: mills, amountCents: mileCents(adjustment.miles, mills) });
  }
  if (cancelled) {
    const unused = daysInclusive(lastDay, period.end) - 1;
    if (unused > 0) {
      const paid = baseRateFor(period, input.baseRateCents);
      lines.push({ kind: 'base-rate-credit', from: addDays(lastDay, 1), to: period.end, amountCents: -Math.round((paid * unused) / period.days) });
    }
  } else {
    lines.push(baseRateLine('base-rate', billingPeriod(input.schedule, input.index + 1), input.baseRateCents));
  }
  return lines;
}

export const totalOf = (lines: StatementLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);
