import { withDefaults } from '../../../shared/quote/coverage-model';
import { MIN_DRIVER_AGE } from '../../../shared/quote/quote-model';
import { ageOn, lookbackStart, parseIsoDate } from '../../../shared/quote/quote-validation';
import { stateForZip } from '../eligibility/zip-to-state';
import { coverageProblem } from './coverage-rules';
import { RatingError } from './rating-error';
import type { Band, BreakdownLine, Coverage, Factor, RatedPrice, RateTable, RatingDriver, RatingInput, StateRates, TerritoryClass } from './rating-types';

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
function driverFactors(table: RateTable, driver: RatingDriver, ratingDate: string, index: number): { age: Factor; experience: Factor; incidents: Factor } {
  const field = `drivers.${index}.birthDate`;
  if (!parseIsoDate(driver.birthDate) || driver.birthDate > ratingDate)
    throw new RatingError('BIRTH_DATE_INVALID', 'The date of birth is not a past date.', field);
  const age = ageOn(driver.birthDate, ratingDate);
  if (age < MIN_DRIVER_AGE) throw new RatingError('DRIVER_TOO_YOUNG', `Drivers must be at least ${MIN_DRIVER_AGE}.`, field);
  const earliest = lookbackStart(ratingDate);
  let incidents = ONE;
  for (const type of ['accidents', 'claims', 'violations'] as const) {
    const count = driver.incidents.filter((i) => i.type === type && i.date >= earliest && i.date <= ratingDate).length;
    for (let n = 0; n < count; n++) incidents = times(incidents, n === 0 ? table.incidents[type].first : table.incidents[type].each);
  }
  return { age: band(table.driverAge, age), experience: band(table.experience, driver.yearsLicensed), incidents };
}

/**
 * The drivers' factors for each rate: the base rate follows the driver whose combined factor
 * is highest for it, and so does the per-mile rate (each column may follow a different driver),
 * so adding a driver, or an incident to any driver, never lowers either rate.
 */
function riskiestDriver(table: RateTable, drivers: RatingDriver[], ratingDate: string): { age: Factor; experience: Factor; incidents: Factor } {
  if (drivers.length === 0) throw new RatingError('NO_DRIVER', 'A quote needs at least one driver.');
  const all = drivers.map((d, index) => driverFactors(table, d, ratingDate, index));
  const product = (f: { age: Factor; experience: Factor; incidents: Factor }, key: keyof Factor) => f.age[key] * f.experience[key] * f.incidents[key];
  const pick = (key: keyof Factor) => all.reduce((best, f) => (product(f, key) > product(best, key) ? f : best));
  const forBase = pick('base');
  const forPerMile = pick('perMile');
  const merge = (k: 'age' | 'experience' | 'incidents'): Factor => ({ base: forBase[k].base, perMile: forPerMile[k].perMile });
  return { age: merge('age'), experience: merge('experience'), incidents: merge('incidents') };
}

const has = (record: object, key: unknown): boolean => (typeof key === 'string' || typeof key === 'number') && Object.hasOwn(record, String(key));

function invalid(field: string, what: string): RatingError {
  return new RatingError('INPUT_INVALID', `${what} cannot be rated.`, field);
}

/**
 * Refuses what the table has no factor for and what is not a number or a date, so that no input
 * can reach a price through a missing factor (a TypeError) or a NaN. The quote's own validation
 * (shared/quote/quote-validation.ts) is stricter; this is the engine's own guard.
 */
function checkShape(table: RateTable, input: RatingInput): void {
  const day = parseIsoDate(input.ratingDate);
  if (!day) throw invalid('ratingDate', 'A rating date that is not a YYYY-MM-DD day');
  if (!Array.isArray(input.drivers)) throw invalid('drivers', 'A list of drivers that is not a list');
  input.drivers.forEach((driver, d) => {
    if (!Number.isInteger(driver.yearsLicensed) || driver.yearsLicensed < 0)
      throw invalid(`drivers.${d}.yearsLicensed`, 'Years licensed that are not a whole number from 0');
    if (!Array.isArray(driver.incidents)) throw invalid(`drivers.${d}.incidents`, 'Incidents that are not a list');
    driver.incidents.forEach((incident, i) => {
      if (!has(table.incidents, incident.type)) throw invalid(`drivers.${d}.incidents.${i}.type`, `An incident of type ${String(incident.type)}`);
      if (!parseIsoDate(incident.date)) throw invalid(`drivers.${d}.incidents.${i}.date`, 'An incident date that is not a YYYY-MM-DD day');
    });
  });
  const { modelYear, bodyType } = input.vehicle;
  if (!Number.isInteger(modelYear) || modelYear < 1900 || modelYear > day.year + 1) throw invalid('vehicle.modelYear', `Model year ${String(modelYear)}`);
  if (!has(table.bodyType, bodyType)) throw invalid('vehicle.bodyType', `Body type ${String(bodyType)}`);
  if (!has(table.priorInsurance, input.priorInsurance)) throw invalid('priorInsurance', `Insurance history ${String(input.priorInsurance)}`);
  const c = withDefaults(input.coverage);
  const options: [keyof Coverage, object | undefined][] = [
    ['liability', table.liability],
    ['comprehensiveDeductible', table.comprehensive],
    ['collisionDeductible', table.collision],
    ['uninsuredMotorist', table.uninsuredMotorist],
    ['medicalPayments', table.medicalPayments],
    ['personalInjuryProtection', table.personalInjuryProtection],
    ['rental', table.rental],
  ];
  for (const [key, factors] of options) {
    const value = c[key];
    if (!(value === null && key !== 'liability') && !has(factors ?? {}, value)) throw invalid(`coverage.${key}`, `Coverage option ${JSON.stringify(value)}`);
  }
  if (typeof c.roadside !== 'boolean') throw invalid('coverage.roadside', 'Roadside assistance that is neither true nor false');
  const cars = input.carsOnPolicy ?? 1;
  if (!Number.isInteger(cars) || cars < 1) throw invalid('carsOnPolicy', `A number of cars of ${String(input.carsOnPolicy)}`);
}

/** Every factor that applies, in the order the breakdown shows them. */
function factorsFor(table: RateTable, rates: StateRates, input: RatingInput): [string, Factor][] {
  const coverage = withDefaults(input.coverage);
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
  // checkShape has refused an option the table has no factor for.
  if (coverage.uninsuredMotorist !== null) factors.push(['uninsured-motorist', table.uninsuredMotorist[coverage.uninsuredMotorist]!]);
  if (coverage.medicalPayments !== null) factors.push(['medical-payments', table.medicalPayments[`${coverage.medicalPayments}`]]);
  if (coverage.personalInjuryProtection !== null)
    factors.push(['personal-injury-protection', table.personalInjuryProtection![`${coverage.personalInjuryProtection}`]]);
  if (coverage.rental !== null) factors.push(['rental', table.rental[coverage.rental]]);
  if (coverage.roadside) factors.push(['roadside', table.roadside]);
  // Last, so that it takes its share of every factor above, and before the floors, which it cannot undercut.
  if (table.multiCar && (input.carsOnPolicy ?? 1) >= 2) factors.push(['multi-car', table.multiCar]);
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
  checkShape(table, input);
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
