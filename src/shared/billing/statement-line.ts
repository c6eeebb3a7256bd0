/** One line of a statement: every cent billed is a line, nothing else is added. */
export interface StatementLine {
  kind: 'miles' | 'base-rate' | 'base-rate-credit' | 'mileage-adjustment' | 'policy-change' | 'no-cover';
  /** Which car (its number on the policy, `PolicyVehicle.vehicleIndex`), for miles and adjustments. */
  vehicleIndex?: number;
  /** That car as it was insured for these days (a car removed or replaced since keeps its own name here). */
  vehicle?: { year: number; make: string; model: string };
  /** YYYY-MM-DD, the first and last days the line is for. */
  from: string;
  to: string;
  /** Billable miles (each day capped at 250); for an adjustment, the change (may be negative). */
  miles?: number;
  /** Tenths of a cent per mile, for miles. */
  perMileRateMills?: number;
  /** For a base rate (a policy change's difference, or days without cover given back) prorated to the day: the days of a month of `periodDays`. */
  days?: number;
  periodDays?: number;
  amountCents: number;
}
