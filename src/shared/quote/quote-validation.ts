import { isLatinScript } from '../latin-script';
import { checkVin } from '../vin';
import {
  GENDERS,
  INCIDENT_LOOKBACK_YEARS,
  INCIDENT_TYPES,
  MAX_DRIVER_AGE,
  MAX_INCIDENTS,
  MAX_MILES_PER_MONTH,
  MIN_DRIVER_AGE,
  PRIOR_INSURANCE,
  VEHICLE_YEARS_BACK,
  type QuoteAnswers,
  type QuoteDriver,
  type QuoteIncident,
  type QuoteVehicle,
} from './quote-model';

/**
 * The rules of each step of /quote, shared: the browser shows the problem beside the field at
 * once (in the visitor's language), the server refuses the same input with the same codes.
 */
export type FieldProblem =
  | 'required'
  | 'invalid'
  | 'unknown'
  | 'tooLong'
  /** Letters of another script than Latin, which our documents do not print (src/shared/latin-script.ts). */
  | 'notLatin'
  | 'future'
  | 'tooYoung'
  | 'tooOld'
  | 'tooManyYearsLicensed'
  | 'olderThanLookback'
  | 'tooMany'
  | 'outOfRange'
  | 'vinLength'
  | 'vinCharacters'
  | 'vinCheckDigit'
  | 'vinYear';

/** Field path (`driver.birthDate`, `incidents.1.date`) → its problem. Empty when all is well. */
export type Problems = Record<string, FieldProblem>;

const NAME_PATTERN = /^[\p{L}][\p{L}\p{M}' .-]*$/u;
const MAX_NAME_LENGTH = 60;

/** The number in `text` from `start` to `end` when every character there is a digit, else -1. */
function digitsAt(text: string, start: number, end: number): number {
  let value = 0;
  for (let i = start; i < end; i++) {
    const digit = text.charCodeAt(i) - 48;
    if (digit < 0 || digit > 9) return -1;
    value = value * 10 + digit;
  }
  return value;
}

/**
 * "YYYY-MM-DD" of a real calendar day, or undefined. Read digit by digit: several times in
 * every price (issue 17, a twentieth of an estimate's CPU with a pattern, a split and a Date).
 * Years before 100 are refused, as Date.UTC would have read them as 19xx.
 */
export function parseIsoDate(value: unknown): { year: number; month: number; day: number } | undefined {
  if (typeof value !== 'string' || value.length !== 10 || value[4] !== '-' || value[7] !== '-') return undefined;
  const year = digitsAt(value, 0, 4);
  const month = digitsAt(value, 5, 7);
  const day = digitsAt(value, 8, 10);
  if (year < 100 || month < 1 || month > 12 || day < 1) return undefined;
  // Day 0 of the next month is the last day of this one.
  return day <= new Date(Date.UTC(year, month, 0)).getUTCDate() ? { year, month, day } : undefined;
}

/** Whole years from `birthDate` to `today`, both "YYYY-MM-DD". */
export function ageOn(birthDate: string, today: string): number {
  const b = parseIsoDate(birthDate)!;
  const t = parseIsoDate(today)!;
  return t.year - b.year - (t.month < b.month || (t.month === b.month && t.day < b.day) ? 1 : 0);
}

export function zipProblems(zip: unknown): Problems {
  if (zip === undefined || zip === null || zip === '') return { zip: 'required' };
  return typeof zip === 'string' && /^\d{5}$/.test(zip) ? {} : { zip: 'invalid' };
}

export function vehicleYears(today: string): { first: number; last: number } {
  const year = parseIsoDate(today)!.year;
  return { first: year - VEHICLE_YEARS_BACK + 1, last: year + 1 };
}

export function vehicleProblems(vehicle: Partial<QuoteVehicle> | undefined, today: string): Problems {
  if (!vehicle) return { vehicle: 'required' };
  const problems: Problems = {};
  // null is no VIN (IsOptional lets null through the DTO, and checkVin would throw on it).
  if (typeof vehicle.vin === 'string' && vehicle.vin !== '') {
    const vin = checkVin(vehicle.vin, new Date(`${today}T12:00:00Z`));
    if (!vin.ok) {
      const byReason = { length: 'vinLength', characters: 'vinCharacters', 'check-digit': 'vinCheckDigit', year: 'vinYear' } as const;
      problems['vehicle.vin'] = byReason[vin.reason];
    } else if (vehicle.year !== undefined && vehicle.year !== vin.modelYear) {
      problems['vehicle.year'] = 'invalid';
    }
  }
  const { first, last } = vehicleYears(today);
  if (vehicle.year === undefined || vehicle.year === null) problems['vehicle.year'] ??= 'required';
  else if (!Number.isInteger(vehicle.year) || vehicle.year < first || vehicle.year > last) problems['vehicle.year'] ??= 'outOfRange';
  for (const key of ['make', 'model'] as const) {
    const value = vehicle[key];
    if (typeof value !== 'string' || !value.trim()) problems[`vehicle.${key}`] = 'required';
    else if (value.length > 60) problems[`vehicle.${key}`] = 'tooLong';
  }
  return problems;
}

export function driverProblems(driver: Partial<QuoteDriver> | undefined, today: string): Problems {
  if (!driver) return { driver: 'required' };
  const problems: Problems = {};
  for (const key of ['firstName', 'lastName'] as const) {
    const value = driver[key]?.trim();
    if (!value) problems[`driver.${key}`] = 'required';
    else if (value.length > MAX_NAME_LENGTH) problems[`driver.${key}`] = 'tooLong';
    else if (!isLatinScript(value)) problems[`driver.${key}`] = 'notLatin';
    else if (!NAME_PATTERN.test(value)) problems[`driver.${key}`] = 'invalid';
  }
  let age: number | undefined;
  if (!driver.birthDate) problems['driver.birthDate'] = 'required';
  else if (!parseIsoDate(driver.birthDate)) problems['driver.birthDate'] = 'invalid';
  else if (driver.birthDate > today) problems['driver.birthDate'] = 'future';
  else {
    age = ageOn(driver.birthDate, today);
    if (age < MIN_DRIVER_AGE) problems['driver.birthDate'] = 'tooYoung';
    else if (age > MAX_DRIVER_AGE) problems['driver.birthDate'] = 'tooOld';
  }
  if (!driver.gender) problems['driver.gender'] = 'required';
  else if (!(GENDERS as readonly string[]).includes(driver.gender)) problems['driver.gender'] = 'invalid';
  const years = driver.yearsLicensed;
  if (years === undefined || years === null) problems['driver.yearsLicensed'] = 'required';
  else if (!Number.isInteger(years) || years < 0) problems['driver.yearsLicensed'] = 'invalid';
  else if (age !== undefined && years > age - 14) problems['driver.yearsLicensed'] = 'tooManyYearsLicensed';
  return problems;
}

export function priorInsuranceProblems(value: unknown): Problems {
  if (!value) return { priorInsurance: 'required' };
  return (PRIOR_INSURANCE as readonly unknown[]).includes(value) ? {} : { priorInsurance: 'invalid' };
}

/** The earliest incident date that still counts, "YYYY-MM-DD". */
export function lookbackStart(today: string): string {
  const t = parseIsoDate(today)!;
  const day = t.month === 2 && t.day === 29 ? 28 : t.day;
  return `${t.year - INCIDENT_LOOKBACK_YEARS}-${String(t.month).padStart(2, '0')}-${String(day).padStart(2, '0')}`;
}

export function incidentProblems(incidents: QuoteIncident[] | undefined, today: string): Problems {
  if (!incidents) return { incidents: 'required' };
  if (incidents.length > MAX_INCIDENTS) return { incidents: 'tooMany' };
  const problems: Problems = {};
  const earliest = lookbackStart(today);
  incidents.forEach((incident, index) => {
    if (!(INCIDENT_TYPES as readonly string[]).includes(incident?.type)) problems[`incidents.${index}.type`] = incident?.type ? 'invalid' : 'required';
    if (!incident?.date) problems[`incidents.${index}.date`] = 'required';
    else if (!parseIsoDate(incident.date)) problems[`incidents.${index}.date`] = 'invalid';
    else if (incident.date > today) problems[`incidents.${index}.date`] = 'future';
    else if (incident.date < earliest) problems[`incidents.${index}.date`] = 'olderThanLookback';
  });
  return problems;
}

export function milesProblems(miles: unknown): Problems {
  if (miles === undefined || miles === null || miles === '') return { milesPerMonth: 'required' };
  if (typeof miles !== 'number' || !Number.isInteger(miles)) return { milesPerMonth: 'invalid' };
  return miles < 0 || miles > MAX_MILES_PER_MONTH ? { milesPerMonth: 'outOfRange' } : {};
}

/** Answers as they arrive, before the rules have been checked: any part may be incomplete. */
export interface AnswersInput extends Omit<QuoteAnswers, 'vehicle' | 'driver'> {
  vehicle?: Partial<QuoteVehicle>;
  driver?: Partial<QuoteDriver>;
}

/** The problems of every part of `answers` that is present. */
export function answerProblems(answers: AnswersInput, today: string): Problems {
  return {
    ...(answers.zip !== undefined ? zipProblems(answers.zip) : {}),
    ...(answers.vehicle !== undefined ? vehicleProblems(answers.vehicle, today) : {}),
    ...(answers.driver !== undefined ? driverProblems(answers.driver, today) : {}),
    ...(answers.priorInsurance !== undefined ? priorInsuranceProblems(answers.priorInsurance) : {}),
    ...(answers.incidents !== undefined ? incidentProblems(answers.incidents, today) : {}),
    ...(answers.milesPerMonth !== undefined ? milesProblems(answers.milesPerMonth) : {}),
  };
}
