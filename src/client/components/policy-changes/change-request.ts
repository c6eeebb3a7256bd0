import { withDefaults, type Deductible, type LiabilityLimit } from '../../../shared/quote/coverage-model';
import { incidentProblems, type FieldProblem, type Problems } from '../../../shared/quote/quote-validation';
import { vinCar, vinInput, vinMismatch, type VinCar } from '../../lib/vehicles/vin-car';
import type { PolicyChangeKind, PolicyChangeRequest } from '../../../shared/policy/policy-change-model';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { Relationship } from '../../../shared/quote/application-model';
import type { QuoteIncident } from '../../../shared/quote/quote-model';
import type { ApiFailure } from '../../lib/api/api-result';
import type { ChangeValues } from './change-fields';

/** The form's starting values for a kind of change: the policy's own where it has them. */
export function initialValues(kind: PolicyChangeKind, policy: PolicyView): ChangeValues {
  const c = policy.coverage;
  switch (kind) {
    case 'replace-vehicle':
    case 'remove-vehicle':
      // The first car listed, by its number on the policy.
      return { vehicleIndex: String(policy.vehicles[0].vehicleIndex) };
    case 'add-driver':
      return { relationship: 'spouse', licenseState: policy.state };
    case 'remove-driver':
      return { driverIndex: '1' };
    case 'coverage':
      return {
        liability: c.liability,
        comprehensiveDeductible: c.comprehensiveDeductible === null ? 'none' : String(c.comprehensiveDeductible),
        collisionDeductible: c.collisionDeductible === null ? 'none' : String(c.collisionDeductible),
        roadside: c.roadside ? 'yes' : 'no',
      };
    default:
      return {};
  }
}

/**
 * The values with a new VIN typed: as the quote reads a car from its VIN, a VIN that becomes whole
 * and valid fills in its year, and its make when it names its maker (else the make typed stays).
 * Typed over later, they stay
 * as typed: a disagreement is then said ({@link carVinMismatch}), as the quote says it.
 */
export function withVin(values: ChangeValues, typed: string): ChangeValues {
  const vin = vinInput(typed);
  const car = vinCar(vin);
  if (!car || vin === values.vin) return { ...values, vin };
  return { ...values, vin, year: String(car.year), ...(car.make ? { make: car.make } : {}) };
}

/** The VIN's car when the car's year (once four digits) or make is another's. */
export function carVinMismatch(values: ChangeValues): VinCar | undefined {
  const year = /^\d{4}$/.test((values.year ?? '').trim()) ? Number(values.year.trim()) : undefined;
  return vinMismatch(values.vin, { year, make: values.make ?? '' });
}

const deductible = (value: string | undefined): Deductible | null => (value && value !== 'none' ? (Number(value) as Deductible) : null);
const whole = (value: string | undefined) => (value && /^\d+$/.test(value.trim()) ? Number(value.trim()) : NaN);

/** Where the change's problems name an added driver's incidents (IncidentFields' paths). */
export const DRIVER_INCIDENTS = { list: 'driver.incidents', any: 'driver.incidents.any' } as const;

/**
 * What the API is sent for the form's values: the rest of the coverage kept as the policy has it;
 * an added driver with the incidents answered (none when there were none).
 */
export function changeRequest(
  kind: PolicyChangeKind,
  effectiveDate: string,
  values: ChangeValues,
  policy: PolicyView,
  incidents: QuoteIncident[] = [],
): PolicyChangeRequest {
  const v = (name: string) => (values[name] ?? '').trim();
  const vehicle = () => ({ vin: v('vin').toUpperCase(), year: whole(v('year')), make: v('make'), model: v('model') });
  switch (kind) {
    case 'add-vehicle':
      return { kind, effectiveDate, vehicle: vehicle() };
    case 'replace-vehicle':
      return { kind, effectiveDate, vehicleIndex: whole(v('vehicleIndex')), vehicle: vehicle() };
    case 'remove-vehicle':
      return { kind, effectiveDate, vehicleIndex: whole(v('vehicleIndex')) };
    case 'add-driver':
      return {
        kind,
        effectiveDate,
        driver: {
          firstName: v('firstName'),
          lastName: v('lastName'),
          birthDate: v('birthDate'),
          relationship: v('relationship') as Relationship,
          yearsLicensed: whole(v('yearsLicensed')),
          license: { state: v('licenseState'), number: v('licenseNumber') },
          incidents,
        },
      };
    case 'remove-driver':
      return { kind, effectiveDate, driverIndex: whole(v('driverIndex')) };
    case 'address':
      return { kind, effectiveDate, address: { line1: v('line1'), ...(v('line2') ? { line2: v('line2') } : {}), city: v('city'), zip: v('zip') } };
    case 'coverage': {
      const coverage = {
        ...withDefaults(policy.coverage),
        liability: v('liability') as LiabilityLimit,
        comprehensiveDeductible: deductible(v('comprehensiveDeductible')),
        collisionDeductible: deductible(v('collisionDeductible')),
        roadside: v('roadside') === 'yes',
      };
      // Liability alone is the liability package; physical damage on a liability policy makes it standard.
      const physical = coverage.comprehensiveDeductible !== null || coverage.collisionDeductible !== null;
      const coveragePackage = !physical ? 'liability' : policy.coveragePackage === 'liability' ? 'standard' : policy.coveragePackage;
      return { kind, effectiveDate, coveragePackage, coverage };
    }
  }
}

const FIELD_OF: [RegExp, string][] = [
  [/^vehicle\.vin/, 'vin'],
  [/^vehicle\.year/, 'year'],
  [/^vehicle\.make/, 'make'],
  [/^vehicle\.model/, 'model'],
  [/^vehicle$/, 'vin'],
  [/^driver\.license/, 'licenseNumber'],
  [/^driver\.firstName/, 'firstName'],
  [/^driver\.lastName/, 'lastName'],
  [/^driver\.birthDate|^drivers\.\d+\.birthDate/, 'birthDate'],
  [/^driver\.yearsLicensed/, 'yearsLicensed'],
  [/^address\.line1/, 'line1'],
  [/^address\.city/, 'city'],
  [/^address\.zip|^zip/, 'zip'],
  [/^effectiveDate/, 'effectiveDate'],
];

/** Which of the form's fields each of the API's field paths is, for the message beside it. */
export function formFieldsOf(failure: ApiFailure): string[] {
  const paths = Object.keys({ ...(failure.fields ?? {}), ...((failure.extra.fields as Record<string, string> | undefined) ?? {}) });
  return [...new Set(paths.map((path) => FIELD_OF.find(([pattern]) => pattern.test(path))?.[1]).filter((f): f is string => f !== undefined))];
}

/**
 * An added driver's incidents as the form answered them (undefined while "any in the last three
 * years?" is unanswered), checked by the quote's rules as the server checks them: what to send,
 * or the problems under the change's paths (`driver.incidents.0.date`).
 */
export function addedDriverIncidents(incidents: QuoteIncident[] | undefined, today: string): { incidents: QuoteIncident[]; problems: Problems } {
  if (!incidents) return { incidents: [], problems: { [DRIVER_INCIDENTS.any]: 'required' } };
  const problems = Object.fromEntries(Object.entries(incidentProblems(incidents, today)).map(([path, problem]) => [`driver.${path}`, problem]));
  return { incidents, problems };
}

/**
 * The added driver's incident problems the server found: the shared rules' codes where it sent
 * them (`extra.problems`), else "invalid" for a field its DTO refused (a type it does not know).
 */
export function incidentProblemsOf(failure: ApiFailure): Problems {
  const codes = (failure.extra.problems as Problems | undefined) ?? {};
  const paths = [...Object.keys(failure.fields ?? {}), ...Object.keys(codes)].filter((path) => path.startsWith(`${DRIVER_INCIDENTS.list}`));
  return Object.fromEntries(paths.map((path): [string, FieldProblem] => [path, codes[path] ?? 'invalid']));
}

const CODES: Record<string, string> = {
  CHANGE_DATE_INVALID: 'date',
  CHANGE_STATE_NOT_SOLD: 'stateNotSold',
  CHANGE_OUT_OF_DATE: 'outOfDate',
  CHANGE_CONFIRMATION_BY_CUSTOMER: 'byCustomer',
  CHANGE_NOTHING_CHANGES: 'nothing',
  CHANGE_VEHICLE_INVALID: 'vehicleInvalid',
  CHANGE_VEHICLE_ONLY: 'vehicleOnly',
  CHANGE_CONFLICTS_WITH_LATER: 'laterConflicts',
  CHANGE_DRIVER_INVALID: 'driverInvalid',
  CHANGE_LIMIT_REACHED: 'limit',
  POLICY_NOT_ACTIVE: 'notActive',
  COVERAGE_BELOW_STATE_RULES: 'coverageRules',
  COVERAGE_CHOICE_REQUIRED: 'coverageRules',
  COVERAGE_CHOICE_CONFLICT: 'coverageRules',
  QUOTE_DECLINED: 'declined',
  COVERAGE_NOT_ALLOWED: 'coverageRules',
  INVALID_INPUT: 'invalid',
};

/** The key of the words (errors.*) for a refusal. */
export function failureKey(failure: ApiFailure): string {
  // Issue 30: whose licence is missing (the staff member's, or the policy's agent of record's), and staff proposing too often.
  if (failure.code === 'AGENT_NOT_LICENSED_IN_STATE') return failure.extra.agent === 'of-record' ? 'agentOfRecordNotLicensed' : 'notLicensed';
  if (failure.status === 429) return 'tooManyProposals';
  if (failure.code && CODES[failure.code]) return CODES[failure.code];
  if (failure.status === 422) return 'declined';
  if (failure.status === 400) return 'invalid';
  return 'failed';
}
