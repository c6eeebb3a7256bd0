import { InvalidInputException } from '../../../common/errors/invalid-input';
import { licenseNumberProblem, normalizeLicenseNumber } from '../../../shared/drivers-license-formats';
import { MAX_DRIVERS, MAX_VEHICLES, type AdditionalDriver, type Application } from '../../../shared/quote/application-model';
import { withDefaults } from '../../../shared/quote/coverage-model';
import { PolicyChangeErrorCode, PolicyChangeException } from './policy-change.exception';
import type { PolicyChangeRequest } from '../../../shared/policy/policy-change-model';
import type { PolicyTerms, PolicyVehicle } from '../../../shared/policy/policy-model';
import type { PriorInsurance, QuoteAnswers, QuoteIncident, QuoteVehicle } from '../../../shared/quote/quote-model';

/** What the rating needs of each driver and is not on the policy's row: kept with every change. */
export interface RatingBasis {
  priorInsurance: PriorInsurance;
  /** In the order of the policy's drivers. */
  drivers: { birthDate: string; yearsLicensed: number; incidents: QuoteIncident[] }[];
}

/** The policy's terms on one side of a change, as stored with it and applied from its date. */
export type ChangeTerms = Pick<PolicyTerms, 'state' | 'address' | 'drivers' | 'vehicles' | 'coveragePackage' | 'coverage' | 'rateVersion' | 'baseRateCents'> & {
  basis: RatingBasis;
};

/** A car of the terms asked for: its number on the policy (a new one for a car added or replacing another), not yet its rates. */
export type RequestedVehicle = QuoteVehicle & Pick<PolicyVehicle, 'vehicleIndex'>;

/** The terms a change asks for, before they are priced: the cars' rates are set by the pricing. */
export type RequestedTerms = Omit<ChangeTerms, 'rateVersion' | 'baseRateCents' | 'vehicles' | 'state'> & { vehicles: RequestedVehicle[] };

/** The rating facts of the quote a policy was bought from, for its first change. */
export function basisFromQuote(answers: QuoteAnswers, application: Application): RatingBasis {
  const named = answers.driver!;
  return {
    priorInsurance: application.history?.priorInsurance ?? answers.priorInsurance!,
    drivers: [
      { birthDate: named.birthDate, yearsLicensed: named.yearsLicensed, incidents: answers.incidents ?? [] },
      ...(application.drivers ?? []).map((d) => ({ birthDate: d.birthDate, yearsLicensed: d.yearsLicensed, incidents: d.incidents })),
    ],
  };
}

const carOf = ({ vin, year, make, model }: QuoteVehicle): QuoteVehicle => ({ ...(vin ? { vin: vin.trim().toUpperCase() } : {}), year, make, model });
const numbered = (vehicle: QuoteVehicle, vehicleIndex: number): RequestedVehicle => ({ ...carOf(vehicle), vehicleIndex });

/**
 * The terms after the change asked for, checked against the policy (the car or driver exists,
 * at most four of each, the named insured stays, one car at least). A car is named by its number
 * on the policy (`vehicleIndex`), never its place: any car but the only one may be removed. A car
 * added, or replacing another in its place in the list, is a new car with `nextIndex`, so its
 * trips and bills are never mixed with those of the car before it. The address's state is set by
 * the caller, which knows where we sell.
 */
export function requestedTerms(current: ChangeTerms, request: PolicyChangeRequest, nextIndex: number): RequestedTerms {
  const vehicles = current.vehicles.map((vehicle) => numbered(vehicle, vehicle.vehicleIndex));
  const drivers = [...current.drivers];
  const basisDrivers = [...current.basis.drivers];
  const next: RequestedTerms = { ...current, vehicles, drivers, basis: { ...current.basis, drivers: basisDrivers } };
  /** Where the car with that number is in the list. */
  const placeOf = (vehicleIndex: number | undefined) => {
    const place = vehicles.findIndex((vehicle) => vehicle.vehicleIndex === vehicleIndex);
    if (place < 0) throw new PolicyChangeException(PolicyChangeErrorCode.VehicleInvalid);
    return place;
  };
  switch (request.kind) {
    case 'add-vehicle':
      if (vehicles.length >= MAX_VEHICLES) throw new PolicyChangeException(PolicyChangeErrorCode.LimitReached);
      vehicles.push(numbered(request.vehicle!, nextIndex));
      break;
    case 'replace-vehicle':
      vehicles[placeOf(request.vehicleIndex)] = numbered(request.vehicle!, nextIndex);
      break;
    case 'remove-vehicle': {
      const place = placeOf(request.vehicleIndex);
      if (vehicles.length === 1) throw new PolicyChangeException(PolicyChangeErrorCode.VehicleOnly);
      vehicles.splice(place, 1);
      break;
    }
    case 'add-driver': {
      if (drivers.length >= MAX_DRIVERS) throw new PolicyChangeException(PolicyChangeErrorCode.LimitReached);
      const d = request.driver!;
      const number = normalizeLicenseNumber(d.license.number);
      const problem = licenseNumberProblem(d.license.state, number);
      if (problem) throw new InvalidInputException({ 'driver.license.number': 'This is not a license number of the state you chose.' }, { problem });
      drivers.push({
        firstName: d.firstName.trim(),
        lastName: d.lastName.trim(),
        birthDate: d.birthDate,
        relationship: d.relationship,
        license: { state: d.license.state, number },
      });
      basisDrivers.push({ birthDate: d.birthDate, yearsLicensed: d.yearsLicensed, incidents: d.incidents });
      break;
    }
    case 'remove-driver': {
      const index = request.driverIndex;
      if (index === undefined || index < 1 || index >= drivers.length) throw new PolicyChangeException(PolicyChangeErrorCode.DriverInvalid);
      drivers.splice(index, 1);
      basisDrivers.splice(index, 1);
      break;
    }
    case 'address':
      // The state is the ZIP's, set when the change is priced.
      next.address = { ...request.address!, state: current.address.state, line1: request.address!.line1.trim(), city: request.address!.city.trim() };
      if (!next.address.line2?.trim()) delete next.address.line2;
      break;
    case 'coverage':
      next.coveragePackage = request.coveragePackage!;
      next.coverage = request.coverage!;
      break;
  }
  return next;
}

/** The quote's shape the pricing reads, built from the terms: the first driver and car, then the others. */
export function pricingInput(terms: RequestedTerms): { answers: QuoteAnswers; application: Application } {
  const [first, ...others] = terms.basis.drivers;
  const [named, ...household] = terms.drivers;
  const answers: QuoteAnswers = {
    zip: terms.address.zip,
    vehicle: terms.vehicles[0],
    driver: { firstName: named.firstName, lastName: named.lastName, birthDate: first.birthDate, yearsLicensed: first.yearsLicensed, gender: 'female' },
    incidents: first.incidents,
    priorInsurance: terms.basis.priorInsurance,
  };
  const drivers: AdditionalDriver[] = others.map((facts, i) => ({
    firstName: household[i].firstName,
    lastName: household[i].lastName,
    // Gender is asked, never rated (docs/pricing.md): the pricing does not read it.
    gender: 'female',
    relationship: household[i].relationship ?? 'other',
    ...facts,
  }));
  return { answers, application: { drivers, vehicles: terms.vehicles.slice(1), history: { priorInsurance: terms.basis.priorInsurance } } };
}

/** JSON with its keys sorted and absent values left out, to compare what was stored with what was sent. */
function canonical(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonical).join(',')}]`;
  if (value && typeof value === 'object')
    return `{${Object.entries(value)
      .filter(([, v]) => v !== undefined)
      .sort(([a], [b]) => (a < b ? -1 : 1))
      .map(([k, v]) => `${JSON.stringify(k)}:${canonical(v)}`)
      .join(',')}}`;
  return JSON.stringify(value);
}

/** Whether the change leaves what is insured as it was. */
export function sameTerms(a: RequestedTerms, b: RequestedTerms): boolean {
  const key = (t: RequestedTerms) => canonical([t.address, t.drivers, t.vehicles.map(carOf), t.coveragePackage, withDefaults(t.coverage), t.basis]);
  return key(a) === key(b);
}
