import { addDays } from '../../src/shared/dates/iso-day';
import { stateDay } from '../../src/shared/dates/state-day';
/** Answers that make a complete, eligible quote (Phoenix, a 2019 Honda Civic, a clean record). */
export const GOOD_ANSWERS = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: { firstName: 'Ana', lastName: 'García', birthDate: '1988-04-12', gender: 'female', yearsLicensed: 18 },
  priorInsurance: 'over-3-years',
  incidents: [],
  milesPerMonth: 600,
} as const;

/** The estimate endpoint's body for the same driver and car. */
export const GOOD_ESTIMATE = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: { birthDate: '1988-04-12', yearsLicensed: 18, gender: 'female' },
  incidents: [],
  milesPerMonth: 600,
};

/**
 * "YYYY-MM-DD", `days` from today in Arizona, the state of the fixtures' ZIP (85004): the day
 * the server counts an Arizona policy's dates from. The UTC day is a day ahead of it from 00:00
 * to 07:00 UTC, so a test that counted from it tried a start date, cancellation or disputed day
 * a day off the server's during those hours.
 */
export function dayFromToday(days: number, now: Date = new Date()): string {
  return addDays(stateDay(now, 'AZ'), days);
}
