import { expectTaggedCatalog, inReadingOrder, pdfTags } from '../../../test/support/pdf-structure';
import { pdfText } from '../../../test/support/pdf-text';
import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import { statementCsv, statementPdf } from './statement-documents';
import type { PolicyView } from '../../shared/policy/policy-model';

const statement = {
  periodStart: '2026-12-01',
  periodEnd: '2026-12-31',
  status: 'paid' as const,
  totalCents: 2662,
  // $45.00 base rate and one car at 8.3¢ at 250 miles on each of 31 days ($20.75 a day).
  maximumCents: 4_500 + 31 * 2_075,
  lines: [{ kind: 'miles' as const, vehicleIndex: 0, from: '2026-12-01', to: '2026-12-31', miles: 320, perMileRateMills: 83, amountCents: 2662 }],
};

describe('statementPdf', () => {
  it('prints a car saved with Latin Extended letters as written', async () => {
    const policy: PolicyView = { ...POLICY, vehicles: [{ ...POLICY.vehicles[0], make: 'Škoda', model: 'Łódź Nguyễn Ødegård' }] };
    const text = await pdfText(await statementPdf({ policy, statement, locale: 'en-US' }));
    expect(text).toContain('2019 Škoda Łódź Nguyễn Ødegård');
  });

  it('prints a notice, never garbage, for a car saved in a script it cannot print', async () => {
    const policy: PolicyView = { ...POLICY, vehicles: [{ ...POLICY.vehicles[0], model: 'سيفيك' }] };
    const text = await pdfText(await statementPdf({ policy, statement, locale: 'es' }));
    expect(text).toContain('2019 Honda [registrado; no imprimible]');
  });

  it('says the most its period could cost, in both languages', async () => {
    const en = await pdfText(await statementPdf({ policy: POLICY, statement, locale: 'en-US' }));
    expect(en.replace(/\s+/g, ' ')).toContain('The most this period could cost: $688.25, its base rate plus each vehicle at 250 miles on each of its 31 days.');
    const es = await pdfText(await statementPdf({ policy: POLICY, statement, locale: 'es' }));
    expect(es.replace(/\s+/g, ' ')).toContain('Lo máximo que podía costar este periodo: $688.25');
  });

  it('names the car a line billed, even one removed or replaced since, never the car now listed in its place', async () => {
    // The Civic (car 0) left the policy: the RAV4 (car 1) is now listed first.
    const policy: PolicyView = { ...POLICY, vehicles: [POLICY.vehicles[1]] };
    const civic = { year: 2019, make: 'Honda', model: 'Civic' };
    const lines = [
      { ...statement.lines[0], vehicle: civic },
      { ...statement.lines[0], vehicleIndex: 1, amountCents: 0 },
    ];
    const text = await pdfText(await statementPdf({ policy, statement: { ...statement, lines }, locale: 'en-US' }));
    expect(text).toContain('2019 Honda Civic');
    expect(text).toContain('2016 Toyota RAV4');
    const csv = statementCsv({ policy, statement: { ...statement, lines }, locale: 'en-US' }).split('\r\n');
    expect(csv[1]).toContain('2019 Honda Civic');
    expect(csv[2]).toContain('2016 Toyota RAV4');
  });

  // Issue 29: read by a screen reader in the statement's language, its lines a table.
  it.each([
    [
      'en-US',
      'Monthly statement',
      'What',
      '2019 Honda Civic: 320 miles at 8.3¢ a mile',
      'Total: $26.62 · Paid',
      'Each day counts at most 250 miles. There are no other fees.',
    ],
    [
      'es',
      'Estado de cuenta mensual',
      'Concepto',
      '2019 Honda Civic: 320 millas a 8.3¢ por milla',
      'Total: $26.62 · Pagado',
      'Cada día cuenta como máximo 250 millas. No hay otros cargos.',
    ],
  ] as const)('is tagged in %s: its title, heading, lines as a table, total and notes in order', async (locale, title, heading, line, total, cap) => {
    const pdf = await statementPdf({ policy: POLICY, statement, locale });
    expectTaggedCatalog(pdf, locale);
    const tags = await pdfTags(pdf);
    expect(tags.title).toBe(`${title} MP-AZ-1000042`);
    expect(tags.untagged).toEqual([]);
    const expected = [
      { role: 'H1', text: title },
      { role: 'H2', text: heading },
      { role: 'TH', text: line },
      { role: 'TD', text: '$26.62' },
      { role: 'P', text: total },
      { role: 'P', text: cap },
    ];
    expect(inReadingOrder(tags.elements, expected)).toEqual(expected);
  });
});
