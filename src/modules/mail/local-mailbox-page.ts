import { mailTexts } from './mail-texts';
import type { Locale } from '../../shared/locale';
import type { StoredMail } from './local-mailbox.repository';

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

const STYLE = `body{font-family:system-ui,sans-serif;max-width:60rem;margin:2rem auto;padding:0 1rem;color:#16142b}
table{border-collapse:collapse;width:100%}th,td{text-align:left;padding:.5rem;border-bottom:1px solid #dcdbe8}a{color:#3632c0}`;

function page(locale: Locale, title: string, body: string): string {
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width,initial-scale=1">
<meta name="robots" content="noindex"><link rel="icon" href="/favicon.svg" type="image/svg+xml"><title>${escapeHtml(title)}</title><link rel="stylesheet" href="/dev/mailbox.css"></head><body>${body}</body></html>`;
}

export const MAILBOX_CSS = STYLE;

/** The list of kept mail, newest first. */
export function renderMailbox(mails: StoredMail[], locale: Locale): string {
  const t = mailTexts(locale);
  const rows = mails
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.to)}</td><td><a href="/dev/mailbox/${mail.id}?lang=${locale}">${escapeHtml(mail.subject)}</a></td><td><time datetime="${new Date(mail.sentAt).toISOString()}">${escapeHtml(new Date(mail.sentAt).toLocaleString(locale))}</time></td></tr>`,
    )
    .join('');
  const table = mails.length
    ? `<table><thead><tr><th scope="col">${t('mailbox.to')}</th><th scope="col">${t('mailbox.subject')}</th><th scope="col">${t('mailbox.sentAt')}</th></tr></thead><tbody>${rows}</tbody></table>`
    : `<p>${escapeHtml(t('mailbox.empty'))}</p>`;
  return page(locale, t('mailbox.title'), `<main><h1>${escapeHtml(t('mailbox.title'))}</h1><p>${escapeHtml(t('mailbox.intro'))}</p>${table}</main>`);
}

/** The mail's body without its inline styles, which this page's CSP refuses (it is our own markup). */
function mailBody(html: string): string {
  return html.replace(/^[\s\S]*<body[^>]*>|<\/body>[\s\S]*$/g, '').replace(/\sstyle="[^"]*"/g, '');
}

function attachmentList(mail: StoredMail): string {
  if (!mail.attachments?.length) return '';
  const items = mail.attachments.map((a, i) => `<li><a href="/dev/mailbox/${mail.id}/attachments/${i}" download>${escapeHtml(a.filename)}</a></li>`).join('');
  return `<ul class="mail-attachments">${items}</ul>`;
}

/** One message: its HTML, its text, its attachments. */
export function renderMailboxMessage(mail: StoredMail, locale: Locale): string {
  const t = mailTexts(locale);
  return page(
    locale,
    mail.subject,
    `<main><p><a href="/dev/mailbox?lang=${locale}">${escapeHtml(t('mailbox.back'))}</a></p><h1>${escapeHtml(mail.subject)}</h1>
<p>${escapeHtml(t('mailbox.to'))}: ${escapeHtml(mail.to)}</p>
<article class="mail-html">${mailBody(mail.html)}</article>
<pre class="mail-text">${escapeHtml(mail.text)}</pre>${attachmentList(mail)}</main>`,
  );
}
