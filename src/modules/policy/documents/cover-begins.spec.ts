import { pdfText } from '../../../../test/support/pdf-text';
import { SAMPLE_LEGAL as LEGAL, SAMPLE_POLICY } from '../../../../test/support/policy-fixture';
import { idCardPdf } from './id-card';
import { declarationsPdf } from './policy-documents';
import type { PolicyView } from '../../../shared/policy/policy-model';

// Drawing a PDF and reading it back in a child process can take half a minute on a loaded machine.
jest.setTimeout(60_000);

/** Bought in Phoenix at 8:34 pm on November 27, starting that day (issue 26). */
const BOUGHT_THAT_EVENING: PolicyView = { ...SAMPLE_POLICY, effectiveDate: '2026-11-27', termStartDate: '2026-11-27', boundAt: '2026-11-28T03:34:00.000Z' };
/** Bought on November 22 for December 1. */
const BOUGHT_AHEAD: PolicyView = { ...SAMPLE_POLICY, boundAt: '2026-11-22T17:00:00.000Z' };

const declarations = (policy: PolicyView, locale: 'en-US' | 'es') =>
  declarationsPdf({ policy, legal: LEGAL, locale, issuedOn: '2026-11-27', minimumLiability: '25/50/15' }).then(pdfText);
const idCard = (policy: PolicyView, locale: 'en-US' | 'es') =>
  idCardPdf({ policy, legal: LEGAL, locale, issuedOn: '2026-11-27', minimumLiability: '25/50/15' }).then(pdfText);

describe('The moment cover begins, on the documents', () => {
  it.each([
    ['en-US', 'Cover begins: November 27, 2026 at 8:34 PM MST'],
    ['es', 'La cobertura empieza: 27 de noviembre de 2026 a las 8:34 p.m. MST'],
  ] as const)('the declarations in %s print the purchase moment of a policy bought on its first day', async (locale, line) => {
    expect(await declarations(BOUGHT_THAT_EVENING, locale)).toContain(line);
  });

  it('the declarations print the midnight of the first day of a policy bought ahead of it, and no longer promise 12:01 a.m.', async () => {
    const text = await declarations(BOUGHT_AHEAD, 'en-US');
    expect(text).toContain('Cover begins: December 1, 2026 at 12:00 AM MST');
    expect(text).not.toContain('12:01');
  });

  // The card's values are in English in both languages: it is read by an officer (docs/decisions.md).
  it.each(['en-US', 'es'] as const)('each ID card in %s is effective from the purchase moment', async (locale) => {
    const text = await idCard(BOUGHT_THAT_EVENING, locale);
    expect(text.split('November 27, 2026 at 8:34 PM MST').length - 1).toBe(2);
  });

  it('an unbound policy (a staff sale not yet confirmed) prints no moment: it covers nothing yet', async () => {
    const { boundAt: _bound, ...unbound } = { ...SAMPLE_POLICY, status: 'pending-confirmation' as const, boundAt: undefined };
    const text = await declarations(unbound, 'en-US');
    expect(text).not.toContain('Cover begins');
    expect(text).toContain('Not yet in force');
  });
});
