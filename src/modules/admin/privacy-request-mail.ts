import { serverTexts } from '../../common/i18n/server-texts';
import { formatInstantDay } from '../../shared/format/money';
import { localizePath, type Locale } from '../../shared/locale';
import { layoutMail } from '../mail';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import type { PrivacyRequestKind } from '../../shared/privacy/privacy-request-model';
import type { MailMessage } from '../mail';

const texts = serverTexts('adminMail', { 'en-US': enUS, es });

/**
 * A privacy request's answer is put off once by 45 days: the customer is told the new date and why,
 * within the first 45 (CPRA regulations § 7021(b); TDPSA § 541.052(b); OCPA 646A.576(2)(b)).
 */
export function privacyRequestExtendedMail(
  context: { to: string; locale: Locale; publicUrl: string; legal: { agency: string; insurer: string } },
  request: { kind: PrivacyRequestKind; receivedAt: Date; dueAt: Date; reason: string },
): MailMessage {
  const { to, locale, publicUrl, legal } = context;
  const t = texts(locale);
  const values = {
    kind: t(`kind.${request.kind}`),
    received: formatInstantDay(request.receivedAt.toISOString(), locale, 'UTC'),
    date: formatInstantDay(request.dueAt.toISOString(), locale, 'UTC'),
    reason: request.reason,
  };
  const subject = t('extended.subject');
  const body = layoutMail({
    locale,
    subject,
    preheader: t('extended.preheader', values),
    greeting: t('extended.greeting'),
    paragraphs: [t('extended.intro', values), t('extended.reason', values)],
    button: { label: t('extended.button'), href: new URL(`${localizePath('/profile', locale)}#your-data`, publicUrl).toString() },
    signature: t('extended.signature'),
    footer: t('extended.footer', legal),
  });
  return { to, subject, ...body };
}
