import { daysInclusive, type PolicyVehicle } from '../../shared/policy/policy-model';

/** Warn the customer when this share of their monthly mileage budget is used. */
export const BUDGET_ALERT_SHARE = 0.8;

export interface BillingSummary {
  period: { from: string; to: string };
  /** Days of the period gone, today included. */
  daysElapsed: number;
  daysInPeriod: number;
  /** Billable miles so far, per car and in all. */
  milesSoFar: number[];
  totalMilesSoFar: number;
  /** The base rate (paid ahead) and the miles so far. */
  billSoFarCents: number;
  /** At this pace to the end of the period. */
  forecastMiles: number;
  forecastCents: number;
  budget: { miles: number; used: number; share: number } | null;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/** Where this period stands: what is billed so far, where it is heading, and the budget. */
export function billingSummary(input: {
  today: string;
  period: { start: string; end: string };
  baseRateCents: number;
  vehicles: Pick<PolicyVehicle, 'perMileRateMills'>[];
  milesSoFar: number[];
  budgetMiles: number | null;
}): BillingSummary {
  const daysInPeriod = daysInclusive(input.period.start, input.period.end);
  const daysElapsed = Math.max(1, Math.min(daysInclusive(input.period.start, input.today), daysInPeriod));
  const cents = (miles: number[]) => miles.reduce((sum, m, i) => sum + (m * input.vehicles[i].perMileRateMills) / 10, 0);
  const forecast = input.milesSoFar.map((m) => (m * daysInPeriod) / daysElapsed);
  const total = round2(input.milesSoFar.reduce((a, b) => a + b, 0));
  return {
    period: { from: input.period.start, to: input.period.end },
    daysElapsed,
    daysInPeriod,
    milesSoFar: input.milesSoFar.map(round2),
    totalMilesSoFar: total,
    billSoFarCents: input.baseRateCents + Math.round(cents(input.milesSoFar)),
    forecastMiles: Math.round(forecast.reduce((a, b) => a + b, 0)),
    forecastCents: input.baseRateCents + Math.round(cents(forecast)),
    budget: input.budgetMiles ? { miles: input.budgetMiles, used: total, share: round2(total / input.budgetMiles) } : null,
  };
}
