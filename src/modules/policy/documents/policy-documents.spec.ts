import { pdfText } from '../../../../test/support/pdf-text';
import { SAMPLE_LEGAL as LEGAL, SAMPLE_POLICY as POLICY } from '../../../../test/support/policy-fixture';
import { declarationsPdf, idCardPdf } from './policy-documents';


async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  return pdfText(pdf);
}

describe('Policy documents', () => {
  it.each([
    ['en-US', 'Automobile Insurance Identification Card', 'December 1, 2026'],
    ['es', 'Tarjeta de identificación de seguro de auto', '1 de diciembre de 2026'],
  ] as const)('write an ID card per car in %s with the policy number, insured, cars and VINs', async (locale, title, date) => {
    const text = await textOf(await idCardPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22' }));
    for (const expected of [title, 'MP-AZ-1000042', 'Ana García', '2019 Honda Civic', '2HGFC2F59KH500000', '2016 Toyota RAV4', 'Harborline Casualty Company', date]) {
      expect(text).toContain(expected);
    }
  });

  it.each([
    ['en-US', ['Policy Declarations', 'Luis García', 'Spouse', '$500 deductible', 'Agent: Dana Reyes (MTR-1001)', '$134.44', '8.3¢ a mile']],
    ['es', ['Declaraciones de la póliza', 'Luis García', 'Cónyuge', 'Deducible de $500', 'Agente: Dana Reyes (MTR-1001)', '$134.44', '8.3¢ por milla']],
  ] as const)('write the declarations in %s: drivers, cars, coverages, rates and who sold it', async (locale, expected) => {
    const text = await textOf(await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }));
    for (const line of [...expected, 'MP-AZ-1000042', '2019 Honda Civic', '2016 Toyota RAV4', '120 W Washington St, Apt 4', 'Phoenix, AZ 85004']) expect(text).toContain(line);
  });

  it('marks a policy waiting for the customer\'s confirmation as not yet in force', async () => {
    const text = await textOf(await idCardPdf({ policy: { ...POLICY, status: 'pending-confirmation' }, legal: LEGAL, locale: 'en-US', issuedOn: '2026-11-22' }));
    expect(text).toContain('NOT YET IN FORCE');
  });
});
