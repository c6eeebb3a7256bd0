import type { Locale } from '../../shared/locale';
import type { MailMessage } from './mail-message';
import { mailTexts } from './mail-texts';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** The sign-in e-mail in the visitor's language, as text and as HTML. */
export function magicLinkMail(input: {
  to: string;
  link: string;
  locale: Locale;
  legal: { agency: string; insurer: string };
}): MailMessage {
  const t = mailTexts(input.locale);
  const text = [
    t('magicLink.greeting'),
    '',
    t('magicLink.intro'),
    '',
    input.link,
    '',
    t('magicLink.notYou'),
    '',
    t('magicLink.signature'),
    '',
    t('magicLink.footer', input.legal),
  ].join('\n');
  const link = escapeHtml(input.link);
  const html = `<!doctype html><html lang="${input.locale}"><head><meta charset="utf-8"><title>${escapeHtml(t('magicLink.subject'))}</title></head>
<body style="margin:0;padding:24px;background:#f7f7fb;font-family:Arial,Helvetica,sans-serif;color:#16142b">
<span style="display:none">${escapeHtml(t('magicLink.preheader'))}</span>
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:22px;font-weight:bold;color:#3632c0;margin:0 0 24px">Meterly</p>
<p>${escapeHtml(t('magicLink.greeting'))}</p>
<p>${escapeHtml(t('magicLink.intro'))}</p>
<p style="margin:28px 0"><a href="${link}" style="background:#3632c0;color:#ffffff;padding:14px 24px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(t('magicLink.button'))}</a></p>
<p style="font-size:14px">${escapeHtml(t('magicLink.orCopy'))}<br><a href="${link}" style="color:#3632c0;word-break:break-all">${link}</a></p>
<p style="font-size:14px;color:#4a4863">${escapeHtml(t('magicLink.notYou'))}</p>
<p>${escapeHtml(t('magicLink.signature'))}</p>
<p style="font-size:12px;color:#4a4863;border-top:1px solid #dcdbe8;padding-top:16px">${escapeHtml(t('magicLink.footer', input.legal))}</p>
</td></tr></table></body></html>`;
  return { to: input.to, subject: t('magicLink.subject'), text, html };
}
