import { addDays, addMonths, daysInclusive, type PolicyVehicle } from '../../shared/policy/policy-model';

/** One line of a statement: every cent billed is a line, nothing else is added. */
export interface StatementLine {
  kind: 'miles' | 'base-rate' | 'base-rate-credit';
  /** Which car (index in the policy), for miles. */
  vehicleIndex?: number;
  /** YYYY-MM-DD, the first and last days the line is for. */
  from: string;
  to: string;
  /** Billable miles (each day capped at 250), for miles. */
  miles?: number;
  /** Tenths of a cent per mile, for miles. */
  perMileRateMills?: number;
  amountCents: number;
}

/** Period k of a policy: from its start plus k months to the day before plus k+1 months. */
export function periodOf(effectiveDate: string, index: number): { start: string; end: string } {
  return { start: addMonths(effectiveDate, index), end: addDays(addMonths(effectiveDate, index + 1), -1) };
}


/**
 * The lines closing period k. Base rates are paid a period ahead (the first at purchase), miles
 * after: so a statement bills the period's miles, car by car, and the next period's base rate;
 * a policy cancelled in the period bills its miles up to the last day covered and gives back
 * the base rate of the days it paid for and did not use, prorated to the day.
 */
export function statementLines(input: {
  effectiveDate: string;
  index: number;
  baseRateCents: number;
  vehicles: Pick<PolicyVehicle, 'perMileRateMills'>[];
  /** Billable miles per car over the days billed. */
  billableMiles: number[];
  /** The last day covered, when cancelled. */
  cancellationDate?: string;
}): StatementLine[] {
  const period = periodOf(input.effectiveDate, input.index);
  const cancelled = input.cancellationDate !== undefined && input.cancellationDate <= period.end;
  const lastDay = cancelled ? input.cancellationDate! : period.end;
  const lines: StatementLine[] = input.vehicles.map((vehicle, vehicleIndex) => ({
    kind: 'miles',
    vehicleIndex,
    from: period.start,
    to: lastDay,
    miles: input.billableMiles[vehicleIndex],
    perMileRateMills: vehicle.perMileRateMills,
    amountCents: Math.round((input.billableMiles[vehicleIndex] * vehicle.perMileRateMills) / 10),
  }));
  if (cancelled) {
    const unused = daysInclusive(lastDay, period.end) - 1;
    if (unused > 0) {
      lines.push({ kind: 'base-rate-credit', from: addDays(lastDay, 1), to: period.end, amountCents: -Math.round((input.baseRateCents * unused) / daysInclusive(period.start, period.end)) });
    }
  } else {
    const next = periodOf(input.effectiveDate, input.index + 1);
    lines.push({ kind: 'base-rate', from: next.start, to: next.end, amountCents: input.baseRateCents });
  }
  return lines;
}

export const totalOf = (lines: StatementLine[]) => lines.reduce((sum, line) => sum + line.amountCents, 0);
