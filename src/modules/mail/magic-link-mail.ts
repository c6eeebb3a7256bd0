import { layoutMail } from './mail-layout';
import { mailTexts } from './mail-texts';
import type { Locale } from '../../shared/locale';
import type { MailMessage } from './mail-message';

/** The sign-in e-mail in the visitor's language, as text and as HTML. */
export function magicLinkMail(input: { to: string; link: string; locale: Locale; legal: { agency: string; insurer: string } }): MailMessage {
  const t = mailTexts(input.locale);
  const body = layoutMail({
    locale: input.locale,
    subject: t('magicLink.subject'),
    preheader: t('magicLink.preheader'),
    greeting: t('magicLink.greeting'),
    paragraphs: [t('magicLink.intro')],
    button: { label: t('magicLink.button'), href: input.link, orCopy: t('magicLink.orCopy') },
    notes: [t('magicLink.notYou')],
    signature: t('magicLink.signature'),
    footer: t('magicLink.footer', input.legal),
  });
  return { to: input.to, subject: t('magicLink.subject'), ...body };
}
