import { DAILY_CAP_MILES, monthlyEstimateCents } from '../../../shared/quote/quote-model';

export { DAILY_CAP_MILES, monthlyEstimateCents };

export interface PeriodBill {
  baseCents: number;
  /** Miles billed: each day's miles up to the daily cap, to a tenth of a mile. */
  billableMiles: number;
  mileageCents: number;
  totalCents: number;
}

/** Miles (to a tenth) as whole tenths, so sums are exact. */
function tenths(miles: number): number {
  return Math.round(Math.max(0, miles) * 10);
}

/**
 * A period's bill: the base rate plus the per-mile rate times the billable miles, where a day
 * counts at most 250 miles (the rest of that day is free). Mileage is rounded once, half up.
 */
export function billForPeriod(price: { baseRateCents: number; perMileRateMills: number }, dailyMiles: number[]): PeriodBill {
  const billableTenths = dailyMiles.reduce((sum, miles) => sum + Math.min(tenths(miles), DAILY_CAP_MILES * 10), 0);
  // tenths × mills / 100 = cents
  const mileageCents = Math.round((billableTenths * price.perMileRateMills) / 100);
  return {
    baseCents: price.baseRateCents,
    billableMiles: billableTenths / 10,
    mileageCents,
    totalCents: price.baseRateCents + mileageCents,
  };
}
