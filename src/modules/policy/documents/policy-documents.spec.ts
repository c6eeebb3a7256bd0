import { expectTaggedCatalog, inReadingOrder, pdfTags } from '../../../../test/support/pdf-structure';
import { pdfText } from '../../../../test/support/pdf-text';
import { SAMPLE_LEGAL as LEGAL, SAMPLE_POLICY as POLICY } from '../../../../test/support/policy-fixture';
import { CLAIMS_PHONE, reportClaimPath } from '../../../shared/claims/claims-contact';
import { cancellationNoticePdf } from './cancellation-notice';
import { idCardPdf as drawIdCard } from './id-card';
import { declarationsPdf as drawDeclarations } from './policy-documents';
import type { PolicyView } from '../../../shared/policy/policy-model';

// Drawing a PDF with embedded fonts and reading it back in a child process takes a second here and
// half a minute on a loaded 2-core machine: the time-out is for a hang, not for speed.
jest.setTimeout(60_000);

// Several cases ask different things of the same document (the Arizona card in English, say):
// each document is drawn once for the file and its text read once, and each case asserts on it.
const drawn = new Map<string, Promise<Buffer>>();
function once<I>(document: string, draw: (input: I) => Promise<Buffer>, input: I): Promise<Buffer> {
  const key = `${document} ${JSON.stringify(input)}`;
  if (!drawn.has(key)) drawn.set(key, draw(input));
  return drawn.get(key)!;
}
const idCardPdf = (input: Parameters<typeof drawIdCard>[0]) => once('ID card', drawIdCard, input);
const declarationsPdf = (input: Parameters<typeof drawDeclarations>[0]) => once('declarations', drawDeclarations, input);

const texts = new WeakMap<Buffer, Promise<string>>();
async function textOf(pdf: Buffer): Promise<string> {
  expect(pdf.subarray(0, 5).toString()).toBe('%PDF-');
  if (!texts.has(pdf)) texts.set(pdf, pdfText(pdf));
  return texts.get(pdf)!;
}

describe('Policy documents', () => {
  const card = (policy: PolicyView, locale: 'en-US' | 'es', extra: { publicUrl?: string; minimumLiability?: string } = {}) =>
    idCardPdf({ policy, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15', ...extra });

  // The card is in English for the officer who reads it, and English and Spanish for a Spanish-language policy (issue 27).
  it.each(['en-US', 'es'] as const)(
    'write an English ID card per car in %s with the insurer, policy number, dates, insured and address, cars and VINs, and the limits',
    async (locale) => {
      const text = await textOf(await card(POLICY, locale));
      const onEveryCard = [
        'Automobile Insurance Identification Card',
        'MP-AZ-1000042',
        'Policy number',
        'Ana García',
        '120 W Washington St, Apt 4, Phoenix, AZ 85004',
        'Harborline Casualty Company',
        'December 1, 2026',
        'Liability limits: per person / per accident / property damage',
        '$100,000 / $300,000 / $100,000',
        'Keep this card in the insured vehicle.',
      ];
      for (const words of onEveryCard) expect({ words, cards: text.split(words).length - 1 }).toEqual({ words, cards: 2 });
      for (const words of ['2019 Honda Civic', '2HGFC2F50KH500000', '2016 Toyota RAV4', '2T3BFREV3GW000001']) expect(text).toContain(words);
    },
  );

  it("adds the Spanish under each label and note of a Spanish-language policy's card, and only there", async () => {
    const spanish = [
      'Tarjeta de identificación de seguro de auto',
      'Número de póliza',
      'Asegurado principal',
      'Dirección',
      'Límites de responsabilidad civil',
      'Lleva esta tarjeta',
    ];
    const es = await textOf(await card(POLICY, 'es'));
    for (const words of spanish) expect(es.split(words).length - 1).toBe(2);
    const en = await textOf(await card(POLICY, 'en-US'));
    for (const words of spanish) expect(en).not.toContain(words);
  });

  it("titles a Texas card as Texas's rule prescribes and prints the state minimum as its numbers", async () => {
    const texas: PolicyView = { ...POLICY, state: 'TX', number: 'MP-TX-1000007', coverage: { ...POLICY.coverage, liability: 'state-minimum' } };
    for (const locale of ['en-US', 'es'] as const) {
      const text = await textOf(await card(texas, locale, { minimumLiability: '30/60/25' }));
      expect(text.split('Texas Liability Insurance Card').length - 1).toBe(2);
      expect(text.split('$30,000 / $60,000 / $25,000').length - 1).toBe(2);
      expect(text).not.toContain('Automobile Insurance Identification Card');
    }
  });

  it.each(['en-US', 'es'] as const)('print the claims number on every card in %s', async (locale) => {
    const text = await textOf(await card(POLICY, locale, { publicUrl: 'https://www.meterly.example' }));
    expect(text.split('Claims, 24 hours').length - 1).toBe(2);
    expect(text.split(CLAIMS_PHONE).length - 1).toBe(2);
    // And where to report one online, in the policy's language (issue 16).
    expect(text.split(`www.meterly.example${reportClaimPath(locale)}`).length - 1).toBe(2);
  });

  it('still says a policy bound before VINs were asked has none', async () => {
    const old: PolicyView = { ...POLICY, vehicles: POLICY.vehicles.map(({ vin: _vin, ...car }) => car) };
    expect(await textOf(await idCardPdf({ policy: old, legal: LEGAL, locale: 'en-US', issuedOn: '2026-11-22', minimumLiability: '25/50/15' }))).toContain(
      'VIN not given',
    );
  });

  it.each([
    ['en-US', 'License'],
    ['es', 'Licencia'],
  ] as const)("list every driver's license (state, masked number) and every car's VIN on the declarations in %s", async (locale, license) => {
    const text = await textOf(await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }));
    expect(text).toContain(`Ana García`);
    expect(text).toContain(`${license} AZ ••••5678`);
    expect(text).toContain(`${license} TX ••••4321`);
    expect(text).toContain('2019 Honda Civic · VIN 2HGFC2F50KH500000');
    expect(text).toContain('2016 Toyota RAV4 · VIN 2T3BFREV3GW000001');
  });

  it.each([
    ['en-US', ['Policy Declarations', 'Luis García', 'Spouse', '$500 deductible', 'Agent: Dana Reyes (MTR-1001)', '$134.44', '8.3¢ a mile']],
    ['es', ['Declaraciones de la póliza', 'Luis García', 'Cónyuge', 'Deducible de $500', 'Agente: Dana Reyes (MTR-1001)', '$134.44', '8.3¢ por milla']],
  ] as const)('write the declarations in %s: drivers, cars, coverages, rates and who sold it', async (locale, expected) => {
    const text = await textOf(await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }));
    for (const line of [...expected, 'MP-AZ-1000042', '2019 Honda Civic', '2016 Toyota RAV4', '120 W Washington St, Apt 4', 'Phoenix, AZ 85004'])
      expect(text).toContain(line);
  });

  it.each([
    ['en-US', 'Coverage you selected or rejected', /Uninsured motorist\s+Selected/, /Personal injury protection \(PIP\)\s+Rejected in writing/],
    ['es', 'Coberturas que elegiste o rechazaste', /Conductor sin seguro\s+Elegida/, /Protección contra lesiones personales \(PIP\)\s+Rechazada por escrito/],
  ] as const)("print the state's select/reject answers in %s, apart from the coverages", async (locale, title, selected, rejected) => {
    const texas: PolicyView = {
      ...POLICY,
      state: 'TX',
      coverage: {
        ...POLICY.coverage,
        medicalPayments: null,
        personalInjuryProtection: null,
        choices: { uninsuredMotorist: 'select', personalInjuryProtection: 'reject' },
      },
    };
    const text = await textOf(await declarationsPdf({ policy: texas, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '30/60/25' }));
    expect(text).toContain(title);
    expect(text).toMatch(selected);
    expect(text).toMatch(rejected);
    // Where the state asks nothing, there is no such section, and no PIP line where there is no PIP.
    const arizona = await textOf(await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }));
    expect(arizona).not.toContain(title);
    expect(arizona).not.toContain('PIP');
  });

  it.each([
    ['en-US', 'The most a month can cost, all vehicles: $1,397.69 in a month of 31 days ($1,356.94 in 30 days, $1,275.44 in 28)'],
    ['es', 'Lo máximo que puede costar un mes, todos los vehículos: $1,397.69 en un mes de 31 días ($1,356.94 en 30 días, $1,275.44 en 28)'],
  ] as const)('say on the declarations in %s the most a month can cost: the base rate and both cars at 250 miles a day', async (locale, expected) => {
    // $134.44 base; the cars at 8.3¢ and 8.0¢: $20.75 + $20.00 a day at the cap.
    const text = await textOf(await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }));
    expect(text.replace(/\s+/g, ' ')).toContain(expected);
  });

  it.each([
    [
      'en-US',
      [
        "Base rates for the term (6 months): $806.64 ($134.44 a month × 6), plus each vehicle's per-mile rate above for the miles it is driven.",
        'Your rates are not split by coverage',
        'Underwritten by Harborline Casualty Company, 1 Harborline Way, Hartford, CT 06103',
        'Forms and endorsements',
        'MTR-PP-01 (11/26) · Personal auto policy',
        'MTR-PM-01 (11/26) · Pay-per-mile endorsement',
        'MTR-AZ-01 (11/26) · Arizona amendatory endorsement',
      ],
    ],
    [
      'es',
      [
        'Tarifas base del periodo (6 meses): $806.64 ($134.44 al mes × 6)',
        'Tus tarifas no se dividen por cobertura',
        'Suscrita por Harborline Casualty Company, 1 Harborline Way, Hartford, CT 06103',
        'Formularios y endosos',
        'MTR-PP-01 (11/26) · Póliza de auto personal',
        'MTR-AZ-01 (11/26) · Endoso de enmienda de Arizona',
      ],
    ],
  ] as const)("print in %s the term's base rates, the insurer's address and the forms the policy is written on", async (locale, expected) => {
    const legal = { ...LEGAL, insurerAddress: '1 Harborline Way, Hartford, CT 06103' };
    const text = (await textOf(await declarationsPdf({ policy: POLICY, legal, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' }))).replace(
      /\s+/g,
      ' ',
    );
    for (const line of expected) expect(text).toContain(line);
  });

  it("marks a policy waiting for the customer's confirmation as not yet in force", async () => {
    const text = await textOf(
      await idCardPdf({
        policy: { ...POLICY, status: 'pending-confirmation' },
        legal: LEGAL,
        locale: 'en-US',
        issuedOn: '2026-11-22',
        minimumLiability: '25/50/15',
      }),
    );
    expect(text).toContain('NOT YET IN FORCE');
  });

  describe('in every script the forms accept', () => {
    const latin: PolicyView = {
      ...POLICY,
      drivers: [
        { firstName: 'Łukasz', lastName: 'Nguyễn Ødegård', birthDate: '1990-06-15' },
        { ...POLICY.drivers[1], firstName: 'Đặng', lastName: 'Thị Hương' },
      ],
    };
    const documents = {
      'ID card': (policy: PolicyView) => idCardPdf({ policy, legal: LEGAL, locale: 'en-US', issuedOn: '2026-11-22', minimumLiability: '25/50/15' }),
      declarations: (policy: PolicyView) => declarationsPdf({ policy, legal: LEGAL, locale: 'en-US', issuedOn: '2026-11-22', minimumLiability: '25/50/15' }),
    };

    it.each(Object.keys(documents) as (keyof typeof documents)[])('prints accented and Latin Extended names as written on the %s', async (name) => {
      const text = await textOf(await documents[name](latin));
      expect(text).toContain('Łukasz Nguyễn Ødegård');
    });

    it("prints the other drivers' accented names on the declarations, whether saved composed or decomposed", async () => {
      const decomposed = { ...latin, drivers: [latin.drivers[0], { ...latin.drivers[1], lastName: 'Thị Hương'.normalize('NFD') }] };
      expect(await textOf(await documents.declarations(decomposed))).toContain('Đặng Thị Hương');
    });

    it.each(Object.keys(documents) as (keyof typeof documents)[])(
      'prints a notice, never garbage, for a name, address or car saved in a script it cannot print (%s)',
      async (name) => {
        const saved: PolicyView = {
          ...POLICY,
          address: { ...POLICY.address, line1: 'שדרות רוטשילד 1' },
          drivers: [{ firstName: 'محمد', lastName: 'Haddad', birthDate: '1990-06-15' }, POLICY.drivers[1]],
          vehicles: [{ ...POLICY.vehicles[0], model: 'Civic 🚗' }, POLICY.vehicles[1]],
        };
        const text = await textOf(await documents[name](saved));
        expect(text).toContain('[on file; not printable]');
        expect(text).not.toMatch(/Haddad|Civic/);
        expect(text).toContain('2016 Toyota RAV4');
      },
    );

    it('keeps the documents small: only the glyphs used are embedded', async () => {
      const pdf = await documents.declarations(latin);
      expect(pdf.length).toBeLessThan(120_000);
    });
  });

  // Issue 29: a screen reader reads each document in its language, in order, under its title.
  describe('tagged for a screen reader', () => {
    const TEXTS = {
      'en-US': {
        card: 'Automobile Insurance Identification Card',
        declarations: 'Policy Declarations',
        subtitle: 'Policy number: MP-AZ-1000042 · Issued November 22, 2026',
        period: 'Policy period',
        periodValue: 'December 1, 2026 to June 1, 2027; renews every 6 months',
        insured: 'Named insured and address',
        drivers: 'Drivers',
        coverages: 'Coverages',
        liability: 'Liability',
        notice: 'Notice of Cancellation',
        cancellation: 'Cancellation',
        date: 'Cancellation date',
        cancelledOn: 'January 15, 2027',
      },
      es: {
        card: 'Tarjeta de identificación de seguro de auto',
        declarations: 'Declaraciones de la póliza',
        subtitle: 'Número de póliza: MP-AZ-1000042 · Emitida el 22 de noviembre de 2026',
        period: 'Vigencia de la póliza',
        periodValue: 'Del 1 de diciembre de 2026 al 1 de junio de 2027; se renueva cada 6 meses',
        insured: 'Asegurado principal y dirección',
        drivers: 'Conductores',
        coverages: 'Coberturas',
        liability: 'Responsabilidad civil',
        notice: 'Aviso de cancelación',
        cancellation: 'Cancelación',
        date: 'Fecha de cancelación',
        cancelledOn: '15 de enero de 2027',
      },
    } as const;

    it.each(['en-US', 'es'] as const)('the ID card in %s: a heading per card, then its labels and values as a table', async (locale) => {
      const text = TEXTS['en-US'];
      const pdf = await card(POLICY, locale);
      // English, with the Spanish words of a Spanish-language policy's card marked as Spanish.
      expectTaggedCatalog(pdf, 'en-US');
      expect(pdf.toString('latin1').split('/Lang (es)').length - 1).toBe(locale === 'es' ? 2 * 12 : 0);
      const tags = await pdfTags(pdf);
      expect(tags.title).toBe(locale === 'es' ? `${text.card} (${TEXTS.es.card}) MP-AZ-1000042` : `${text.card} MP-AZ-1000042`);
      expect(tags.untagged).toEqual([]);
      expect(tags.elements.filter((e) => e.role === 'H1').map((e) => e.text)).toEqual([text.card, text.card]);
      expect(
        inReadingOrder(tags.elements, [
          { role: 'H1', text: text.card },
          { role: 'TD', text: 'MP-AZ-1000042' },
          { role: 'TD', text: '2019 Honda Civic' },
          { role: 'TD', text: '2HGFC2F50KH500000' },
          { role: 'H1', text: text.card },
          { role: 'TD', text: '2016 Toyota RAV4' },
          { role: 'TD', text: '2T3BFREV3GW000001' },
        ]),
      ).toHaveLength(7);
      // The brand drawn on the card is decoration: the insurer's row names who insures.
      expect(tags.elements.map((e) => e.text)).not.toContain('Meterly');
    });

    it.each(['en-US', 'es'] as const)('the declarations in %s: title, headings, paragraphs, lists and the coverages table in order', async (locale) => {
      const text = TEXTS[locale];
      const pdf = await declarationsPdf({ policy: POLICY, legal: LEGAL, locale, issuedOn: '2026-11-22', minimumLiability: '25/50/15' });
      expectTaggedCatalog(pdf, locale);
      const tags = await pdfTags(pdf);
      expect(tags.title).toBe(`${text.declarations} MP-AZ-1000042`);
      expect(tags.untagged).toEqual([]);
      const expected = [
        { role: 'H1', text: text.declarations },
        { role: 'P', text: text.subtitle },
        { role: 'H2', text: text.period },
        { role: 'P', text: text.periodValue },
        { role: 'H2', text: text.insured },
        { role: 'P', text: 'Ana García 120 W Washington St, Apt 4 Phoenix, AZ 85004' },
        { role: 'H2', text: text.drivers },
        { role: 'H2', text: text.coverages },
        { role: 'TH', text: text.liability },
        { role: 'TD', text: '100/300/100' },
      ];
      expect(inReadingOrder(tags.elements, expected)).toEqual(expected);
      expect(tags.elements[0]).toEqual({ role: 'H1', text: text.declarations });
      expect(tags.roles[0]).toEqual(expect.arrayContaining(['Document', ['L', ['LI', ['LBody']], ['LI', ['LBody']]]]));
    });

    it.each(['en-US', 'es'] as const)('the notice of cancellation in %s: title, headings and the cancellation as a table', async (locale) => {
      const text = TEXTS[locale];
      const cancelled: PolicyView = { ...POLICY, status: 'cancelled', cancellationDate: '2027-01-15' };
      const pdf = await cancellationNoticePdf({
        policy: cancelled,
        legal: LEGAL,
        locale,
        issuedOn: '2027-01-10',
        notice: { askedBy: 'customer', staffEmail: null, reason: 'customer-request', recordedAt: null, quote: null },
      });
      expectTaggedCatalog(pdf, locale);
      const tags = await pdfTags(pdf);
      expect(tags.title).toBe(`${text.notice} MP-AZ-1000042`);
      expect(tags.untagged).toEqual([]);
      const expected = [
        { role: 'H1', text: text.notice },
        { role: 'H2', text: text.insured },
        { role: 'P', text: 'Ana García 120 W Washington St, Apt 4 Phoenix, AZ 85004' },
        { role: 'H2', text: text.cancellation },
        { role: 'TH', text: text.date },
        { role: 'TD', text: text.cancelledOn },
      ];
      expect(inReadingOrder(tags.elements, expected)).toEqual(expected);
    });
  });
});
