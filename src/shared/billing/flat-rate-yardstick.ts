/**
 * The flat rate a customer's bill is compared with: what drivers in the policy's state paid on
 * average for a car for a year, by coverage, as the NAIC published it in its 2022/2023 Auto
 * Insurance Database Report (calendar year 2023; tables 1C liability, 2C collision and
 * 3C comprehensive average premium, all companies, voluntary and residual markets:
 * https://content.naic.org/sites/default/files/publication-aut-pb-auto-insurance-database.pdf).
 * Each coverage's figure is its written premium divided by the car-years insured for that
 * coverage, so liability plus collision plus comprehensive is what a car carrying all three paid
 * (the NAIC's "combined average premium", its table 5, which each row below adds up to within a
 * cent); the report's "average expenditure" mixes in the cars carrying liability only and is not used.
 * docs/pricing.md, "The flat-rate yardstick", says how the figures were read and checked.
 *
 * A state whose figures could not be confirmed from the source is null: we state no comparison
 * there rather than one we cannot name (issue 26).
 */
export interface StateAverageFlatRate {
  /** The year the premiums were written. */
  year: number;
  /** Average annual premium per insured car, in cents. */
  liabilityCents: number;
  collisionCents: number;
  comprehensiveCents: number;
}

export const STATE_AVERAGE_FLAT_RATES: Record<string, StateAverageFlatRate | null> = {
  AZ: { year: 2023, liabilityCents: 79_289, collisionCents: 43_644, comprehensiveCents: 27_526 },
  IL: { year: 2023, liabilityCents: 59_791, collisionCents: 43_990, comprehensiveCents: 21_877 },
  OR: { year: 2023, liabilityCents: 75_117, collisionCents: 35_206, comprehensiveCents: 16_524 },
  PA: { year: 2023, liabilityCents: 56_727, collisionCents: 46_530, comprehensiveCents: 24_089 },
  TX: { year: 2023, liabilityCents: 79_786, collisionCents: 52_905, comprehensiveCents: 40_001 },
};

export const FLAT_RATE_SOURCE = 'NAIC';

/** Which of the optional coverages the policy carries: the yardstick adds the same ones. */
export interface PhysicalDamageCover {
  collisionDeductible: unknown;
  comprehensiveDeductible: unknown;
}

export interface FlatRateYardstick {
  state: string;
  year: number;
  /** The state's average a month for one car with the policy's coverages, in cents. */
  monthlyCentsPerCar: number;
}

/** The state's average for a car with the same coverages as this policy, or null where we have no sourced figure. */
export function flatRateYardstick(state: string, coverage: PhysicalDamageCover): FlatRateYardstick | null {
  const figures = STATE_AVERAGE_FLAT_RATES[state];
  if (!figures) return null;
  const annual =
    figures.liabilityCents +
    (coverage.collisionDeductible != null ? figures.collisionCents : 0) +
    (coverage.comprehensiveDeductible != null ? figures.comprehensiveCents : 0);
  return { state, year: figures.year, monthlyCentsPerCar: Math.round(annual / 12) };
}

/**
 * The miles a month (all cars together) above which pay-per-mile costs more than the yardstick:
 * the flat rate less our base rate, at the cars' average per-mile rate (cars driven alike).
 * Zero when our base rate alone is at or above the yardstick.
 */
export function breakEvenMiles(flatMonthlyCents: number, monthlyBaseCents: number, perMileRatesMills: number[]): number {
  const mills = perMileRatesMills.reduce((sum, rate) => sum + rate, 0);
  if (flatMonthlyCents <= monthlyBaseCents || mills <= 0) return 0;
  // cents × 10 = mills; a mile driven in all n cars together costs (Σ rates)/n mills.
  return Math.floor(((flatMonthlyCents - monthlyBaseCents) * 10 * perMileRatesMills.length) / mills);
}
