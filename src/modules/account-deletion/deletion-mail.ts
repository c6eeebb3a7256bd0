import { layoutMail, type MailMessage } from '../mail';
import { deletionTexts } from './deletion-texts';
import type { Locale } from '../../shared/locale';

type Legal = { agency: string; insurer: string };

/** The e-mail with the confirmation link, in the customer's language. */
export function askMail(input: { to: string; locale: Locale; link: string; onBehalf: boolean; legal: Legal }): MailMessage {
  const t = deletionTexts(input.locale);
  const body = layoutMail({
    locale: input.locale,
    subject: t('mail.askSubject'),
    preheader: t('mail.askPreheader'),
    greeting: t('mail.greeting'),
    paragraphs: [t('mail.askIntro', { email: input.to }), ...(input.onBehalf ? [t('mail.askOnBehalf')] : [])],
    button: { label: t('mail.askButton'), href: input.link, orCopy: t('mail.orCopy') },
    notes: [t('mail.askLasts'), t('mail.askNotYou')],
    signature: t('mail.signature'),
    footer: t('mail.footer', input.legal),
  });
  return { to: input.to, subject: t('mail.askSubject'), ...body };
}

/** The last e-mail, to the address the account had: what was erased, what is kept, why and how long. */
export function doneMail(input: { to: string; locale: Locale; legal: Legal }): MailMessage {
  const t = deletionTexts(input.locale);
  const body = layoutMail({
    locale: input.locale,
    subject: t('mail.doneSubject'),
    preheader: t('mail.donePreheader'),
    greeting: t('mail.greeting'),
    paragraphs: [t('mail.doneIntro'), t('mail.doneErased'), t('mail.doneKept')],
    notes: [t('mail.doneAgain')],
    signature: t('mail.signature'),
    footer: t('mail.footer', input.legal),
  });
  return { to: input.to, subject: t('mail.doneSubject'), ...body };
}
