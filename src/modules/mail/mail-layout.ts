import type { Locale } from '../../shared/locale';

export function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export interface MailContent {
  locale: Locale;
  subject: string;
  preheader: string;
  greeting: string;
  paragraphs: string[];
  button?: { label: string; href: string; orCopy?: string };
  /** Smaller print under the button. */
  notes?: string[];
  signature: string;
  footer: string;
}

/** Our e-mails' one look, as text and as HTML (inline styles: mail clients drop style sheets). */
export function layoutMail(content: MailContent): { text: string; html: string } {
  const text = [
    content.greeting,
    ...content.paragraphs,
    ...(content.button ? [`${content.button.label}: ${content.button.href}`] : []),
    ...(content.notes ?? []),
    content.signature,
    content.footer,
  ].join('\n\n');
  const p = (value: string, style = '') => `<p${style ? ` style="${style}"` : ''}>${escapeHtml(value)}</p>`;
  const button = content.button
    ? `<p style="margin:28px 0"><a href="${escapeHtml(content.button.href)}" style="background:#3632c0;color:#ffffff;padding:14px 24px;border-radius:999px;text-decoration:none;font-weight:bold">${escapeHtml(content.button.label)}</a></p>` +
      (content.button.orCopy
        ? `<p style="font-size:14px">${escapeHtml(content.button.orCopy)}<br><a href="${escapeHtml(content.button.href)}" style="color:#3632c0;word-break:break-all">${escapeHtml(content.button.href)}</a></p>`
        : '')
    : '';
  const html = `<!doctype html><html lang="${content.locale}"><head><meta charset="utf-8"><title>${escapeHtml(content.subject)}</title></head>
<body style="margin:0;padding:24px;background:#f7f7fb;font-family:Arial,Helvetica,sans-serif;color:#16142b">
<span style="display:none">${escapeHtml(content.preheader)}</span>
<table role="presentation" width="100%" style="max-width:560px;margin:0 auto;background:#ffffff;border-radius:12px;padding:32px">
<tr><td>
<p style="font-size:22px;font-weight:bold;color:#3632c0;margin:0 0 24px">Meterly</p>
${p(content.greeting)}
${content.paragraphs.map((line) => p(line)).join('\n')}
${button}
${(content.notes ?? []).map((line) => p(line, 'font-size:14px;color:#4a4863')).join('\n')}
${p(content.signature)}
${p(content.footer, 'font-size:12px;color:#4a4863;border-top:1px solid #dcdbe8;padding-top:16px')}
</td></tr></table></body></html>`;
  return { text, html };
}
