import { SAMPLE_POLICY as POLICY } from '../../../test/support/policy-fixture';
import { milesReminderMail } from './miles-mail';
import type { Locale } from '../../shared/locale';
import type { PolicyMailContext } from '../policy/policy-mail';

function context(locale: Locale): PolicyMailContext {
  return { to: 'ana@example.com', locale, policy: POLICY, publicUrl: 'https://meterly.example', legal: { agency: 'Agency', insurer: 'Insurer' } };
}

describe('Every policy e-mail about miles', () => {
  it.each<[Locale, string, string]>([
    ['en-US', 'call 1-800-555-0199 at any time', 'https://meterly.example/profile#claims'],
    ['es', 'llama al 1-800-555-0199 a cualquier hora', 'https://meterly.example/es/profile#claims'],
  ])('in %s says where to report a claim: the claims number and the link', (locale, phone, link) => {
    const mails = [milesReminderMail(context(locale), { since: '2026-12-01' })];
    for (const mail of mails) {
      expect(mail.text).toContain(phone);
      expect(mail.text).toContain(link);
      expect(mail.html).toContain(link);
    }
  });
});
