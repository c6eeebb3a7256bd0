import { licenseNumberProblem, maskLicenseNumber, normalizeLicenseNumber } from '../drivers-license-formats';
import { isUsState } from '../us-states';
import { checkVin, vinDisagreement } from '../vin';
import type { Application } from './application-model';
import type { QuoteAnswers, QuoteDriver, QuoteVehicle } from './quote-model';
import type { FieldProblem } from './quote-validation';

/**
 * The application's identification section: a VIN for every car and a driver's license for every
 * driver, without which no policy is issued (issue 15). The VINs are kept on the cars themselves
 * (the quote's car and the application's), where the ID card reads them; the licenses are kept
 * apart, each with the driver it belongs to, because they are personal data that every view
 * masks (maskedApplication) and a driver's answers can be saved again without them.
 */
export interface DriverLicense {
  /** The issuing state's postal code. */
  state: string;
  /** Capitals, without spaces or hyphens; masked in every view. */
  number: string;
}

/** A license with whose it is: a driver is told apart by name and date of birth. */
export interface LicensedDriver extends DriverLicense {
  firstName: string;
  lastName: string;
  birthDate: string;
}

export interface Identification {
  licenses: LicensedDriver[];
}

/** What PUT application/identification carries: one entry for each car and each driver, in order. */
export interface IdentificationInput {
  vehicles: { vin: string }[];
  /** An empty number keeps the license on file when the state is the same (the page never has it whole). */
  drivers: { state: string; number?: string }[];
}

/** The problems of the section: those of the quote's rules, a VIN for another car, a VIN given twice. */
export type IdentificationProblem = FieldProblem | 'vinMismatch' | 'vinDuplicate';
export type IdentificationProblems = Record<string, IdentificationProblem>;

/** Every car of the policy, the quote's first. */
export function policyVehicles(answers: QuoteAnswers, application: Application): QuoteVehicle[] {
  return [...(answers.vehicle ? [answers.vehicle] : []), ...(application.vehicles ?? [])];
}

/** Every driver of the policy, the quote's first. */
export function policyDrivers(answers: QuoteAnswers, application: Application): QuoteDriver[] {
  return [...(answers.driver ? [answers.driver] : []), ...(application.drivers ?? [])];
}

const person = (name: string) => name.trim().normalize('NFC').toLowerCase();

export function sameDriver(a: Pick<QuoteDriver, 'firstName' | 'lastName' | 'birthDate'>, b: Pick<QuoteDriver, 'firstName' | 'lastName' | 'birthDate'>): boolean {
  return person(a.firstName) === person(b.firstName) && person(a.lastName) === person(b.lastName) && a.birthDate === b.birthDate;
}

/** The license on file for a driver, if any. */
export function licenseOf(driver: QuoteDriver, application: Application): DriverLicense | undefined {
  const found = application.identification?.licenses.find((license) => sameDriver(license, driver));
  return found && { state: found.state, number: found.number };
}

function vinProblem(vin: string | undefined, car: QuoteVehicle, today: Date): IdentificationProblem | undefined {
  if (!vin?.trim()) return 'required';
  const checked = checkVin(vin, today);
  if (!checked.ok) return ({ length: 'vinLength', characters: 'vinCharacters', 'check-digit': 'vinCheckDigit', year: 'vinYear' } as const)[checked.reason];
  return vinDisagreement(checked, car) ? 'vinMismatch' : undefined;
}

/**
 * The section's answers checked against the cars and drivers they are for. A VIN for another
 * year or make than the car typed is refused, as an insurer would: the customer corrects the VIN
 * or the car (docs/decisions.md).
 */
export function identificationProblems(input: Partial<IdentificationInput>, answers: QuoteAnswers, application: Application, today: Date): IdentificationProblems {
  const cars = policyVehicles(answers, application);
  const drivers = policyDrivers(answers, application);
  const problems: IdentificationProblems = {};
  if (!Array.isArray(input.vehicles) || input.vehicles.length !== cars.length) problems.vehicles = 'invalid';
  if (!Array.isArray(input.drivers) || input.drivers.length !== drivers.length) problems.drivers = 'invalid';
  if (Object.keys(problems).length) return problems;
  const seen = new Set<string>();
  input.vehicles!.forEach((given, index) => {
    const problem = vinProblem(given?.vin, cars[index], today);
    const vin = given?.vin?.trim().toUpperCase();
    if (problem) problems[`vehicles.${index}.vin`] = problem;
    else if (seen.has(vin)) problems[`vehicles.${index}.vin`] = 'vinDuplicate';
    seen.add(vin);
  });
  input.drivers!.forEach((given, index) => {
    const stateProblem = !given?.state ? 'required' : !isUsState(given.state) ? 'invalid' : undefined;
    if (stateProblem) problems[`drivers.${index}.state`] = stateProblem;
    const onFile = licenseOf(drivers[index], application);
    if (!given?.number?.trim() && onFile?.state === given?.state) return;
    const numberProblem = licenseNumberProblem(given?.state ?? '', given?.number);
    // A number is judged against its state: without a state, only a missing or overlong one is said.
    if (numberProblem && (!stateProblem || numberProblem !== 'invalid')) problems[`drivers.${index}.number`] = numberProblem;
  });
  return problems;
}

const MASK = '•';

/**
 * Whether every car has a VIN that fits it and every driver a license of their state's shape:
 * until then the purchase stays at the application (quotes saved before issue 15 go back to it).
 * In a view (the browser's) the numbers are masked: there a license on file is taken as it was
 * checked when saved; on the server the whole number is checked again.
 */
export function identificationComplete(answers: QuoteAnswers, application: Application, today: Date = new Date()): boolean {
  const licenses = policyDrivers(answers, application).map((driver) => licenseOf(driver, application));
  const input: IdentificationInput = {
    vehicles: policyVehicles(answers, application).map((car) => ({ vin: car.vin ?? '' })),
    drivers: licenses.map((license) => ({ state: license?.state ?? '', number: license?.number.startsWith(MASK) ? '' : (license?.number ?? '') })),
  };
  const masked = licenses.some((license) => license?.number.startsWith(MASK));
  return Object.keys(identificationProblems(input, answers, masked ? application : { ...application, identification: undefined }, today)).length === 0;
}

/** The application as pages see it: every license number masked (by maskLicenseNumber, which starts with MASK). */
export function maskedApplication(application: Application): Application {
  if (!application.identification) return application;
  const licenses = application.identification.licenses.map((license) => ({ ...license, number: maskLicenseNumber(license.number) }));
  return { ...application, identification: { licenses } };
}

/** The licenses to keep once the section is saved: one for each driver, the new numbers tidied. */
export function savedLicenses(input: IdentificationInput, answers: QuoteAnswers, application: Application): LicensedDriver[] {
  return policyDrivers(answers, application).map((driver, index) => {
    const given = input.drivers[index];
    const number = given.number?.trim() ? normalizeLicenseNumber(given.number) : licenseOf(driver, application)!.number;
    return { firstName: driver.firstName, lastName: driver.lastName, birthDate: driver.birthDate, state: given.state, number };
  });
}
