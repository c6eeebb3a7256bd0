import { formatDay } from '../../../shared/format/money';
import { layoutMail, mailTexts } from '../../mail';
import type { Locale } from '../../../shared/locale';
import type { HouseholdRole } from '../../../shared/policy/household-model';
import type { MailMessage } from '../../mail';

/** The invitation's e-mail, in the policy's language: who shares which policy, the role, how to accept, until when. */
export function householdInvitationMail(input: {
  to: string;
  name: string;
  owner: string;
  number: string;
  role: HouseholdRole;
  expiresOn: string;
  link: string;
  locale: Locale;
  legal: { agency: string; insurer: string };
}): MailMessage {
  const t = mailTexts(input.locale);
  const values = { owner: input.owner, number: input.number, name: input.name, email: input.to, expires: formatDay(input.expiresOn, input.locale) };
  const subject = t('household.invite.subject', values);
  const body = layoutMail({
    locale: input.locale,
    subject,
    preheader: t('household.invite.preheader'),
    greeting: t('household.invite.greeting', values),
    paragraphs: [
      t('household.invite.intro', values),
      t('household.invite.role', { role: t(`household.invite.roles.${input.role}`) }),
      t('household.invite.signIn', values),
      t('household.invite.expires', values),
    ],
    button: { label: t('household.invite.button'), href: input.link },
    notes: [t('household.invite.notYou', values)],
    signature: t('policy.signature'),
    footer: t('magicLink.footer', input.legal),
  });
  return { to: input.to, subject, ...body };
}
