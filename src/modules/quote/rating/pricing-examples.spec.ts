import fs from 'node:fs';
import path from 'node:path';
import { monthlyEstimateCents, type CoveragePackage, type IncidentType, type PriorInsurance } from '../../../shared/quote/quote-model';
import { stateForZip } from '../eligibility/zip-to-state';
import { packageCoverage } from './coverage-rules';
import { rate } from './rating';
import { RATE_TABLE_2026_11_25 as TABLE } from './rate-tables/2026-11-25';
import type { BodyType } from './rating-types';

const RATING_DATE = '2026-11-25';

/** The rows of the "Worked examples" table of docs/pricing.md, cells split. */
function workedExamples(): string[][] {
  const doc = fs.readFileSync(path.resolve(__dirname, '../../../../docs/pricing.md'), 'utf8');
  const section = doc.split('## Worked examples')[1].split('\n## ')[0];
  return section
    .split('\n')
    .filter((line) => /^\| \d+ \|/.test(line))
    .map((line) => line.split('|').slice(1, -1).map((cell) => cell.trim()));
}

/** "2 accidents, 1 violation" → three incidents dated 2026-01-10. */
function incidents(text: string): { type: IncidentType; date: string }[] {
  if (text === 'none') return [];
  return text.split(', ').flatMap((part) => {
    const [count, kind] = part.split(' ');
    const type = (kind.startsWith('accident') ? 'accidents' : kind.startsWith('claim') ? 'claims' : 'violations');
    return Array.from({ length: Number(count) }, () => ({ type, date: '2026-01-10' }));
  });
}

const dollars = (cents: number) => `$${(cents / 100).toFixed(2)}`;

describe('Worked examples of docs/pricing.md', () => {
  const rows = workedExamples();

  it('has at least ten', () => {
    expect(rows.length).toBeGreaterThanOrEqual(10);
  });

  it.each(rows.map((row) => [row[0], row] as const))('prices example %s as written', (_, row) => {
    const [, zipState, age, licensed, incidentText, car, prior, pkg, miles, base, perMile, month] = row;
    const zip = zipState.slice(0, 5);
    const [year, bodyType] = car.split(' ');
    const state = stateForZip(zip)!;
    expect(zipState).toBe(`${zip} (${state})`);
    const price = rate(TABLE, {
      ratingDate: RATING_DATE,
      zip,
      drivers: [{ birthDate: `${2026 - Number(age)}-06-15`, yearsLicensed: Number(licensed), incidents: incidents(incidentText) }],
      vehicle: { modelYear: Number(year), bodyType: bodyType as BodyType },
      priorInsurance: prior as PriorInsurance,
      coverage: packageCoverage(TABLE.states[state], pkg as CoveragePackage),
    });
    expect({ base: dollars(price.baseRateCents), perMile: `${(price.perMileRateMills / 10).toFixed(1)}¢`, month: dollars(monthlyEstimateCents(price, Number(miles))) }).toEqual({ base, perMile, month });
  });
});
