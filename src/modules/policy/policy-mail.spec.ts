import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import { policyCancelledMail, policyPurchasedMail, policyReviewMail, type PolicyMailContext } from './policy-mail';
import type { Locale } from '../../shared/locale';

const ID_CARD = { filename: 'id-card.pdf', contentType: 'application/pdf', contentBase64: Buffer.from('%PDF-').toString('base64') };

function context(locale: Locale): PolicyMailContext {
  return { to: 'ana@example.com', locale, policy: POLICY, publicUrl: 'https://meterly.example', legal: { agency: 'Agency', insurer: 'Insurer' } };
}

describe(policyPurchasedMail.name, () => {
  it.each<[Locale, string, string]>([
    ['en-US', 'visa', 'to your Visa card ending in 4242'],
    ['es', 'visa', 'a tu tarjeta Visa terminada en 4242'],
    ['en-US', 'amex', 'to your American Express card ending in 4242'],
    ['en-US', '', 'to your card ending in 4242'],
    ['es', 'unknown', 'a tu tarjeta terminada en 4242'],
  ])('in %s names a %p card the way its network writes it', (locale, brand, phrase) => {
    const mail = policyPurchasedMail(context(locale), { brand, last4: '4242', amountCents: 4200 }, ID_CARD);
    expect(mail.text).toContain(phrase);
    expect(mail.html).toContain(phrase);
  });
});

describe('Every policy e-mail', () => {
  it.each<[Locale, string, string]>([
    ['en-US', 'call 1-800-555-0199 at any time', 'https://meterly.example/profile#claims'],
    ['es', 'llama al 1-800-555-0199 a cualquier hora', 'https://meterly.example/es/profile#claims'],
  ])('in %s says where to report a claim: the claims number and the link', (locale, phone, link) => {
    const mails = [
      policyPurchasedMail(context(locale), { brand: 'visa', last4: '4242', amountCents: 4200 }, ID_CARD),
      policyReviewMail(context(locale), 'Dana Reyes', '4242'),
      policyCancelledMail({ ...context(locale), policy: { ...POLICY, cancellationDate: '2026-12-15' } }, null, ID_CARD),
    ];
    for (const mail of mails) {
      expect(mail.text).toContain(phone);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
    }
  });
});

describe(policyReviewMail.name, () => {
  it.each<[Locale, string, string[]]>([
    [
      'en-US',
      'Dana Reyes turned down these coverages for you',
      ['No uninsured and underinsured motorist coverage', 'No personal injury protection (PIP)', 'If you want a coverage you see here, do not sign'],
    ],
    [
      'es',
      'Dana Reyes rechazó estas coberturas por ti',
      [
        'Sin cobertura de conductor sin seguro o con seguro insuficiente',
        'Sin protección contra lesiones personales (PIP)',
        'Si quieres una cobertura de esta lista, no firmes',
      ],
    ],
  ])('in %s lists each coverage staff turned down, for the customer to sign (issue 26)', (locale, intro, lines) => {
    const mail = policyReviewMail(context(locale), 'Dana Reyes', '4242', ['uninsuredMotorist', 'personalInjuryProtection']);
    for (const phrase of [intro, ...lines]) {
      expect(mail.text).toContain(phrase);
      expect(mail.html).toContain(phrase);
    }
  });

  it('says nothing of rejections when staff turned none down', () => {
    expect(policyReviewMail(context('en-US'), 'Dana Reyes', '4242').text).not.toContain('turned down');
  });
});

describe(policyCancelledMail.name, () => {
  const quote = {
    date: '2026-12-15',
    from: '2026-12-01',
    to: '2026-12-15',
    creditCents: 5035,
    miles: 120,
    milesCents: 347,
    changesCents: 0,
    totalCents: -4688,
    lines: [],
    basis: 'quote' as const,
  };
  it.each<[Locale, string]>([
    ['en-US', 'a refund of $46.88 to your card'],
    ['es', 'un reembolso de $46.88 a tu tarjeta'],
  ])('in %s states the refund the final statement will give, and attaches the notice', (locale, phrase) => {
    const mail = policyCancelledMail({ ...context(locale), policy: { ...POLICY, cancellationDate: '2026-12-15' } }, quote, ID_CARD);
    expect(mail.text).toContain(phrase);
    expect(mail.text).toContain('$50.35');
    expect(mail.attachments).toEqual([ID_CARD]);
  });

  it('states an amount due when the miles come to more than the credit', () => {
    const due = policyCancelledMail(
      { ...context('en-US'), policy: { ...POLICY, cancellationDate: '2026-12-15' } },
      { ...quote, creditCents: 100, totalCents: 247 },
      ID_CARD,
    );
    expect(due.text).toContain('$2.47 to pay');
    // Cancelled on the period's last day: nothing given back, only the miles billed.
    const noCredit = policyCancelledMail(
      { ...context('es'), policy: { ...POLICY, cancellationDate: '2026-12-15' } },
      { ...quote, creditCents: 0, totalCents: 347 },
      ID_CARD,
    );
    expect(noCredit.text).toContain('cobra $3.47 por las millas');
  });
});
