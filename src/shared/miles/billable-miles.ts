/**
 * What of the miles driven is billed (DESIGN.md "Pricing"): the one rule, for the miles a car's
 * days are billed, a dispute's correction, and the quote's monthly estimate.
 */

/** Miles beyond this in one day are free. */
export const DAILY_CAP_MILES = 250;

/** A day's billable miles: its miles, never below 0, at most DAILY_CAP_MILES. */
export function billableMiles(miles: number): number {
  return billableMilesOver(1, miles);
}

/**
 * The billable miles of `miles` driven evenly over `days` days: at most the cap on each of them
 * (the quote's estimate counts a month as 30 such days).
 */
export function billableMilesOver(days: number, miles: number): number {
  return Math.min(Math.max(0, miles), DAILY_CAP_MILES * days);
}
