import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import { budgetMail } from './billing-mail';
import type { Locale } from '../../shared/locale';
import type { PolicyMailContext } from '../policy/policy-mail';

function context(locale: Locale): PolicyMailContext {
  return { to: 'ana@example.com', locale, policy: POLICY, publicUrl: 'https://meterly.example', legal: { agency: 'Agency', insurer: 'Insurer' } };
}

describe('Every policy e-mail billing sends', () => {
  it.each<[Locale, string, string]>([
    ['en-US', 'call 1-800-555-0199 at any time', 'https://meterly.example/profile#claims'],
    ['es', 'llama al 1-800-555-0199 a cualquier hora', 'https://meterly.example/es/profile#claims'],
  ])('in %s says where to report a claim: the claims number and the link', (locale, phone, link) => {
    const mails = [budgetMail(context(locale), { budget: 500, used: 420, from: '2026-12-01', to: '2026-12-31', forecastMiles: 600, forecastCents: 9000 })];
    for (const mail of mails) {
      expect(mail.text).toContain(phone);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
    }
  });
});
