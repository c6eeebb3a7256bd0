import { isUsState, type UsState } from './us-states';

/**
 * The shape of a driver's license number in each state and DC, to catch a mistyped number before
 * a policy is issued (the number itself is checked against the state's records by underwriting,
 * not here). Shared with the browser.
 *
 * Source: the license-number formats per state as commonly published from AAMVA's DL/ID
 * numbering (reproduced in the "Driver License Format" table of the National Traffic Safety
 * Institute and by state DMVs). The selling states as their cards read: Arizona, a letter and 8
 * digits (9 digits on old licenses); Illinois, a letter and 11 digits, printed in groups of 4;
 * Oregon, up to 9 digits, and a letter and 6 digits or 2 letters and 5 digits on newer cards;
 * Pennsylvania, 8 digits; Texas, 8 digits (7 on old licenses). Written without access to the
 * sources from this machine: docs/decisions.md (issue 15) says what to check before we sell
 * in more states. A format too strict refuses a real customer, so where in doubt it is lenient.
 *
 * Numbers are compared without spaces and hyphens (people copy the grouping printed on the card),
 * in capitals; that is also how they are stored.
 */
export interface LicenseFormat {
  pattern: RegExp;
  /** A number of the commonest shape, shown to help (made up, never a real person's). */
  example: string;
}

const F = (pattern: RegExp, example: string): LicenseFormat => ({ pattern, example });

export const LICENSE_FORMATS: Readonly<Record<UsState, LicenseFormat>> = {
  AL: F(/^\d{1,8}$/, '1234567'),
  AK: F(/^\d{1,7}$/, '1234567'),
  AZ: F(/^(?:[A-Z]\d{8}|\d{9})$/, 'D12345678'),
  AR: F(/^\d{4,9}$/, '912345678'),
  CA: F(/^[A-Z]\d{7}$/, 'A1234567'),
  CO: F(/^(?:\d{9}|[A-Z]\d{3,6}|[A-Z]{2}\d{2,5})$/, '123456789'),
  CT: F(/^\d{9}$/, '123456789'),
  DE: F(/^\d{1,7}$/, '1234567'),
  DC: F(/^(?:\d{7}|\d{9})$/, '1234567'),
  FL: F(/^[A-Z]\d{12}$/, 'G123456789012'),
  GA: F(/^\d{7,9}$/, '123456789'),
  HI: F(/^(?:[A-Z]\d{8}|\d{9})$/, 'H12345678'),
  ID: F(/^(?:[A-Z]{2}\d{6}[A-Z]|\d{9})$/, 'AB123456C'),
  IL: F(/^[A-Z]\d{11}$/, 'S12345678901'),
  IN: F(/^(?:[A-Z]\d{9}|\d{9,10})$/, '1234567890'),
  IA: F(/^(?:\d{9}|\d{3}[A-Z]{2}\d{4})$/, '123AB4567'),
  KS: F(/^(?:[A-Z]\d[A-Z]\d[A-Z]|[A-Z]\d{8}|\d{9})$/, 'K12345678'),
  KY: F(/^(?:[A-Z]\d{8,9}|\d{9})$/, 'S12345678'),
  LA: F(/^\d{1,9}$/, '123456789'),
  ME: F(/^(?:\d{7,8}|\d{7}[A-Z])$/, '1234567'),
  MD: F(/^[A-Z]\d{12}$/, 'M123456789012'),
  MA: F(/^(?:[A-Z]\d{8}|\d{9})$/, 'S12345678'),
  MI: F(/^(?:[A-Z]\d{10}|[A-Z]\d{12})$/, 'B123456789012'),
  MN: F(/^[A-Z]\d{12}$/, 'M123456789012'),
  MS: F(/^\d{9}$/, '123456789'),
  MO: F(/^(?:[A-Z]\d{5,9}|[A-Z]\d{6}R|\d{8}[A-Z]{2}|\d{9}[A-Z]?)$/, 'A123456789'),
  MT: F(/^(?:[A-Z]\d{8}|\d{9}|\d{13,14})$/, '1234567890123'),
  NE: F(/^[A-Z]\d{6,8}$/, 'A12345678'),
  NV: F(/^(?:\d{9,10}|\d{12}|X\d{8})$/, '1234567890'),
  NH: F(/^\d{2}[A-Z]{3}\d{5}$/, '12ABC34567'),
  NJ: F(/^[A-Z]\d{14}$/, 'A12345678901234'),
  NM: F(/^\d{8,9}$/, '123456789'),
  NY: F(/^(?:[A-Z]\d{7}|[A-Z]\d{18}|\d{8,9}|\d{16}|[A-Z]{8})$/, '123456789'),
  NC: F(/^\d{1,12}$/, '123456789012'),
  ND: F(/^(?:[A-Z]{3}\d{6}|\d{9})$/, 'ABC123456'),
  OH: F(/^(?:[A-Z]\d{4,8}|[A-Z]{2}\d{3,7}|\d{8})$/, 'AB123456'),
  OK: F(/^(?:[A-Z]\d{9}|\d{9})$/, 'A123456789'),
  OR: F(/^(?:\d{1,9}|[A-Z]\d{6}|[A-Z]{2}\d{5})$/, '1234567'),
  PA: F(/^\d{8}$/, '12345678'),
  RI: F(/^(?:\d{7}|[A-Z]\d{6})$/, '1234567'),
  SC: F(/^\d{5,11}$/, '123456789'),
  SD: F(/^(?:\d{6,10}|\d{12})$/, '12345678'),
  TN: F(/^\d{7,9}$/, '123456789'),
  TX: F(/^\d{7,8}$/, '12345678'),
  UT: F(/^\d{4,10}$/, '123456789'),
  VT: F(/^(?:\d{8}|\d{7}A)$/, '12345678'),
  VA: F(/^(?:[A-Z]\d{8,11}|\d{9})$/, 'A12345678'),
  // 1 to 7 letters, then letters, digits or '*' to 12 characters (e.g. WDL + 9 since 2018).
  WA: F(/^(?=.{12}$)[A-Z]{1,7}[A-Z0-9*]+$/, 'WDLABCD1234E'),
  WV: F(/^(?:\d{7}|[A-Z]{1,2}\d{5,6})$/, 'A123456'),
  WI: F(/^[A-Z]\d{13}$/, 'A1234567890123'),
  WY: F(/^\d{9,10}$/, '123456789'),
};

/** The number as compared and stored: capitals, without the spaces and hyphens of the card. */
export function normalizeLicenseNumber(value: string): string {
  return value.toUpperCase().replace(/[\s-]/g, '');
}

export type LicenseNumberProblem = 'required' | 'tooLong' | 'invalid';

/** What is wrong with a license number for its state, or undefined when it has the state's shape. */
export function licenseNumberProblem(state: string, number: string | undefined): LicenseNumberProblem | undefined {
  const clean = normalizeLicenseNumber(number ?? '');
  if (!clean) return 'required';
  if (clean.length > 20) return 'tooLong';
  if (!isUsState(state)) return 'invalid';
  return LICENSE_FORMATS[state].pattern.test(clean) ? undefined : 'invalid';
}

/**
 * A license number as every page and document shows it: dots, then its last 4 characters (never
 * more than half of a short number). Only the customer typing it sees it whole.
 */
export function maskLicenseNumber(number: string): string {
  const shown = Math.min(4, Math.floor(number.length / 2));
  return `••••${number.slice(number.length - shown)}`;
}
