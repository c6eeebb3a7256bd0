import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import type { Locale } from '../../shared/locale';
import { policyPurchasedMail, type PolicyMailContext } from './policy-mail';

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
