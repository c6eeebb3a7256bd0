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

/** "YYYY-MM-DD", `days` from today (UTC). */
export function dayFromToday(days: number): string {
  return new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
}
