import { formatInstantDay } from '../../shared/format/money';
import { localizePath, type Locale } from '../../shared/locale';
import { layoutMail } from '../mail';
import { dataExportTexts } from './data-export-texts';
import type { MailMessage } from '../mail';

export interface DataExportMailContext {
  to: string;
  locale: Locale;
  publicUrl: string;
  legal: { agency: string; insurer: string };
}

/** My account's "Your data" section: the mail links there, never to a file (a download needs the signed-in owner). */
const yourDataLink = ({ locale, publicUrl }: DataExportMailContext) => new URL(`${localizePath('/profile', locale)}#your-data`, publicUrl).toString();

/** The copy of the customer's data is made: where to download it, and until when. */
export function dataExportReadyMail(context: DataExportMailContext, made: { askedAt: Date; expiresAt: Date }): MailMessage {
  const { to, locale, legal } = context;
  const t = dataExportTexts(locale);
  const values = { asked: formatInstantDay(made.askedAt.toISOString(), locale, 'UTC'), date: formatInstantDay(made.expiresAt.toISOString(), locale, 'UTC') };
  const subject = t('mail.subject');
  const body = layoutMail({
    locale,
    subject,
    preheader: t('mail.preheader', values),
    greeting: t('mail.greeting'),
    paragraphs: [t('mail.ready', values), t('mail.where', values)],
    button: { label: t('mail.button'), href: yourDataLink(context) },
    notes: [t('mail.notYou')],
    signature: t('mail.signature'),
    footer: t('mail.footer', legal),
  });
  return { to, subject, ...body };
}
