import { ageOn, lookbackStart, parseIsoDate } from '../../../shared/quote/quote-validation';
import { MIN_DRIVER_AGE } from '../../../shared/quote/quote-model';
import { stateForZip } from '../eligibility/zip-to-state';
import { coverageProblem } from './coverage-rules';
import { RatingError } from './rating-error';
import type { Band, BreakdownLine, Factor, RatedPrice, RateTable, RatingDriver, RatingInput, StateRates, TerritoryClass } from './rating-types';

const ONE: Factor = { base: 1, perMile: 1 };

function band(bands: Band[], value: number): Factor {
  let found = bands[0];
  for (const b of bands) if (value >= b.min) found = b;
  return found;
}

function times(a: Factor, b: Factor): Factor {
  return { base: a.base * b.base, perMile: a.perMile * b.perMile };
}

export function territoryOf(rates: StateRates, zip: string): TerritoryClass {
  const prefix = zip.slice(0, 3);
  return rates.territories.find((t) => prefix >= t.from && prefix <= t.to)?.class ?? 'suburban';
}

/** A driver's age, experience and incident factors on the rating date. */
function driverFactors(table: RateTable, driver: RatingDriver, ratingDate: string): { age: Factor; experience: Factor; incidents: Factor } {
  if (!parseIsoDate(driver.birthDate) || driver.birthDate > ratingDate) throw new RatingError('BIRTH_DATE_INVALID', 'The date of birth is not a past date.');
  const age = ageOn(driver.birthDate, ratingDate);
  if (age < MIN_DRIVER_AGE) throw new RatingError('DRIVER_TOO_YOUNG', `Drivers must be at least ${MIN_DRIVER_AGE}.`);
  const earliest = lookbackStart(ratingDate);
  let incidents = ONE;
  for (const type of ['accidents', 'claims', 'violations'] as const) {
    const count = driver.incidents.filter((i) => i.type === type && i.date >= earliest && i.date <= ratingDate).length;
    for (let n = 0; n < count; n++) incidents = times(incidents, n === 0 ? table.incidents[type].first : table.incidents[type].each);
  }
  return { age: band(table.driverAge, age), experience: band(table.experience, Math.max(0, driver.yearsLicensed)), incidents };
}

/**
 * The drivers' factors for each rate: the base rate follows the driver whose combined factor
 * is highest for it, and so does the per-mile rate (each column may follow a different driver),
 * so adding a driver, or an incident to any driver, never lowers either rate.
 */
function riskiestDriver(table: RateTable, drivers: RatingDriver[], ratingDate: string): { age: Factor; experience: Factor; incidents: Factor } {
  if (drivers.length === 0) throw new RatingError('NO_DRIVER', 'A quote needs at least one driver.');
  const all = drivers.map((d) => driverFactors(table, d, ratingDate));
  const product = (f: { age: Factor; experience: Factor; incidents: Factor }, key: keyof Factor) => f.age[key] * f.experience[key] * f.incidents[key];
  const pick = (key: keyof Factor) => all.reduce((best, f) => (product(f, key) > product(best, key) ? f : best));
  const forBase = pick('base');
  const forPerMile = pick('perMile');
  const merge = (k: 'age' | 'experience' | 'incidents'): Factor => ({ base: forBase[k].base, perMile: forPerMile[k].perMile });
  return { age: merge('age'), experience: merge('experience'), incidents: merge('incidents') };
}

/** Every factor that applies, in the order the breakdown shows them. */
function factorsFor(table: RateTable, rates: StateRates, input: RatingInput): [string, Factor][] {
  const { coverage } = input;
  const driver = riskiestDriver(table, input.drivers, input.ratingDate);
  const ratingYear = parseIsoDate(input.ratingDate)!.year;
  const factors: [string, Factor][] = [
    ['territory', table.territory[territoryOf(rates, input.zip)]],
    ['driver-age', driver.age],
    ['experience', driver.experience],
    ['incidents', driver.incidents],
    ['vehicle-age', band(table.vehicleAge, Math.max(0, ratingYear - input.vehicle.modelYear))],
    ['body-type', table.bodyType[input.vehicle.bodyType]],
    ['prior-insurance', table.priorInsurance[input.priorInsurance]],
    ['liability', table.liability[coverage.liability]],
  ];
  if (coverage.comprehensiveDeductible !== null) factors.push(['comprehensive', table.comprehensive[`${coverage.comprehensiveDeductible}`]]);
  if (coverage.collisionDeductible !== null) factors.push(['collision', table.collision[`${coverage.collisionDeductible}`]]);
  if (coverage.uninsuredMotorist !== null) factors.push(['uninsured-motorist', table.uninsuredMotorist[coverage.uninsuredMotorist]]);
  if (coverage.medicalPayments !== null) factors.push(['medical-payments', table.medicalPayments[`${coverage.medicalPayments}`]]);
  if (coverage.rental !== null) factors.push(['rental', table.rental[coverage.rental]]);
  if (coverage.roadside) factors.push(['roadside', table.roadside]);
  return factors;
}

/**
 * Prices one car: the state's starting rates times each factor. The running product is kept
 * exact and rounded only for display, so each breakdown line is the change in the rounded
 * running total and the lines add up to the rates exactly; rounding is monotone, so a factor
 * that rises never lowers a price. Then the floors (and the per-mile ceiling) of the table.
 */
export function rate(table: RateTable, input: RatingInput): RatedPrice {
  const state = stateForZip(input.zip);
  if (!state) throw new RatingError('ZIP_UNKNOWN', 'We do not know that ZIP code.');
  const rates = table.states[state];
  if (!rates) throw new RatingError('STATE_NOT_RATED', `This rate table has no rates for ${state}.`);
  const problem = coverageProblem(rates, input.coverage);
  if (problem) throw new RatingError(problem.code, problem.message);

  const breakdown: BreakdownLine[] = [{ factor: 'base-rate', base: rates.baseRateCents, perMile: rates.perMileRateMills }];
  let exact = { base: rates.baseRateCents, perMile: rates.perMileRateMills };
  let shown = { ...exact };
  for (const [factor, f] of factorsFor(table, rates, input)) {
    exact = { base: exact.base * f.base, perMile: exact.perMile * f.perMile };
    const next = { base: Math.round(exact.base), perMile: Math.round(exact.perMile) };
    breakdown.push({ factor, base: next.base - shown.base, perMile: next.perMile - shown.perMile });
    shown = next;
  }
  const bounded = {
    base: Math.max(table.minimumBaseRateCents, shown.base),
    perMile: Math.min(table.maximumPerMileRateMills, Math.max(table.minimumPerMileRateMills, shown.perMile)),
  };
  if (bounded.base !== shown.base || bounded.perMile !== shown.perMile) {
    breakdown.push({ factor: 'rate-limits', base: bounded.base - shown.base, perMile: bounded.perMile - shown.perMile });
  }
  return { rateVersion: table.version, state, baseRateCents: bounded.base, perMileRateMills: bounded.perMile, breakdown };
}
