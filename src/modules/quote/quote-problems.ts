import { InvalidInputException } from '../../common/errors/invalid-input';
import type { FieldProblem, Problems } from '../../shared/quote/quote-validation';

/** What a field is called in an English message. */
const FIELD_NAMES: Record<string, string> = {
  zip: 'ZIP code',
  vehicle: 'vehicle',
  'vehicle.vin': 'VIN',
  'vehicle.year': 'model year',
  'vehicle.make': 'make',
  'vehicle.model': 'model',
  driver: 'driver',
  'driver.firstName': 'first name',
  'driver.lastName': 'last name',
  'drivers.firstName': 'first name',
  'drivers.lastName': 'last name',
  'address.line1': 'street address',
  'address.line2': 'apartment or suite',
  'address.city': 'city',
  'driver.birthDate': 'date of birth',
  'driver.gender': 'gender',
  'driver.yearsLicensed': 'years licensed',
  priorInsurance: 'insurance history',
  incidents: 'incidents',
  'incidents.type': 'incident type',
  'incidents.date': 'incident date',
  'driver.incidents': 'incidents',
  'driver.incidents.type': 'incident type',
  'driver.incidents.date': 'incident date',
  milesPerMonth: 'miles per month',
};

const MESSAGES: Record<FieldProblem, (field: string) => string> = {
  required: (field) => `Enter the ${field}.`,
  invalid: (field) => `The ${field} is not valid.`,
  unknown: (field) => (field === 'ZIP code' ? 'We could not find that ZIP code.' : `That ${field} is not in our list.`),
  tooLong: (field) => `The ${field} is too long.`,
  notLatin: (field) => `Write the ${field} in Latin letters, as on a US driver's license; accents are fine (é, ñ, ł, ễ).`,
  future: (field) => `The ${field} cannot be in the future.`,
  tooYoung: () => 'Drivers must be at least 16 years old.',
  tooOld: () => 'The date of birth is too far in the past.',
  tooManyYearsLicensed: () => "Years licensed cannot be more than the driver's age allows.",
  olderThanLookback: () => 'Only incidents of the last 3 years count; leave older ones out.',
  tooMany: () => 'At most 10 incidents.',
  outOfRange: (field) => (field === 'miles per month' ? 'Miles per month must be from 0 to 10,000.' : `The ${field} is outside what we quote.`),
  vinLength: () => 'A VIN has exactly 17 characters.',
  vinCharacters: () => 'A VIN uses digits and letters other than I, O and Q.',
  vinCheckDigit: () => 'That VIN is not valid: its check digit does not match.',
  vinYear: () => 'That VIN does not give a model year we quote.',
};

/** Shared-rule problems as the API's 400: English messages by field, and the codes for forms. */
export function invalidAnswers(problems: Problems): InvalidInputException {
  const fields = Object.fromEntries(
    Object.entries(problems).map(([path, problem]) => [path, MESSAGES[problem](FIELD_NAMES[path.replace(/\.\d+(?=\.|$)/g, '')] ?? path)]),
  );
  return new InvalidInputException(fields, { problems });
}

/** One field's problem that only the server can see (an unknown ZIP, a model not in the catalog). */
export function invalidField(path: string, problem: FieldProblem): InvalidInputException {
  return invalidAnswers({ [path]: problem });
}
