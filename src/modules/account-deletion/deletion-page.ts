import { deletionTexts } from './deletion-texts';
import type { Locale } from '../../shared/locale';
import type { DeletionLinkState } from './account-deletion.service';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The site's colours, one column, readable on a phone and on a desk; no script (the token is seen by nothing of the bundle's). */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#16142b;background:#f6f6fb}
a{color:#3632c0}
a:focus-visible,button:focus-visible{outline:3px solid #3632c0;outline-offset:2px}
.page-header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #dddbe8}
.brand{font-weight:700;font-size:1.25rem;color:#3632c0;text-decoration:none}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
ul{padding-left:1.25rem;margin:.25rem 0}
li{margin:.25rem 0}
.box{background:#fff;border:1px solid #dddbe8;border-radius:12px;padding:1rem 1.25rem;margin-top:1rem}
.box h2:first-child{margin-top:0}
.note{color:#4a4863}
.actions{display:flex;flex-wrap:wrap;gap:.75rem 1rem;align-items:center;margin-top:1.5rem}
.danger{font:inherit;font-weight:600;color:#fff;background:#b3261e;border:0;border-radius:8px;padding:.75rem 1.25rem;min-height:44px;cursor:pointer}
.danger:hover{background:#8c1d18}
@media (max-width:30rem){h1{font-size:1.5rem}.actions{flex-direction:column;align-items:stretch}.danger{width:100%}.actions a{text-align:center;padding:.5rem}}
`;

/**
 * Sent as no other site's Referer, and the confirm form still proves it comes from our page:
 * under no-referrer a browser posts a form with "Origin: null", which the forgery check refuses.
 * Our own request log keeps no Referer (src/common/logging/logging.module.ts).
 */
export const REFERRER_POLICY = 'same-origin';

export interface PageFrame {
  locale: Locale;
  nonce: string;
  /** The same page in the other language. */
  otherLanguagePath: string;
}

function frame(page: PageFrame, title: string, body: string): string {
  const t = deletionTexts(page.locale);
  const other: Locale = page.locale === 'es' ? 'en-US' : 'es';
  return `<!doctype html><html lang="${page.locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="${REFERRER_POLICY}"><title>${escapeHtml(title)} · Meterly</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${page.nonce}">${STYLE}</style></head>
<body><header class="page-header"><a class="brand" href="${page.locale === 'es' ? '/es' : '/'}" aria-label="${escapeHtml(t('home'))}">${escapeHtml(t('siteName'))}</a>
<a href="${escapeHtml(page.otherLanguagePath)}" lang="${other}" hreflang="${other}">${escapeHtml(t('otherLanguage'))}</a></header>
<main id="main">${body}</main></body></html>`;
}

const list = (items: string[]) => `<ul>${items.map((item) => `<li>${escapeHtml(item)}</li>`).join('')}</ul>`;

/** What is erased and what is kept, with why and how long: the confirm page and the deleted page both say it. */
function erasedAndKept(locale: Locale): string {
  const t = deletionTexts(locale);
  return `<section class="box" aria-labelledby="erased"><h2 id="erased">${escapeHtml(t('erasedTitle'))}</h2>${list(t('erased', { returnObjects: true }) as string[])}</section>
<section class="box" aria-labelledby="kept"><h2 id="kept">${escapeHtml(t('keptTitle'))}</h2>${list(t('kept', { returnObjects: true }) as string[])}
<p class="note">${escapeHtml(t('keptNote'))}</p></section>`;
}

const profilePath = (locale: Locale) => (locale === 'es' ? '/es/profile' : '/profile');

/** The page a deletion link opens: the confirm form (a POST: a mail scanner's GET deletes nothing), or why the link does nothing. */
export function linkPage(page: PageFrame, state: DeletionLinkState, token: string, refused?: 'other-account' | 'customer-only'): string {
  const { locale } = page;
  const t = deletionTexts(locale);
  const message = (key: string, extra = '') =>
    frame(
      page,
      t(`state.${key}Title`),
      `<h1>${escapeHtml(t(`state.${key}Title`))}</h1><p>${escapeHtml(t(`state.${key}`))}</p>${extra}<p><a href="${profilePath(locale)}">${escapeHtml(t('myAccount'))}</a></p>`,
    );
  if (refused === 'other-account') return message('otherAccount');
  if (refused === 'customer-only') return message('customerOnly');
  if (state.kind === 'limited') return message('limited');
  if (state.kind === 'blocked') return message('blocked', list(state.blockers.map((b) => t(`blocker.${b.kind}`, { reference: b.reference }))));
  if (state.kind !== 'ready') return message(state.kind);
  const body = `<h1>${escapeHtml(t('confirm.title'))}</h1>
<p>${escapeHtml(t('confirm.intro', { email: maskEmail(state.email) }))}</p>
${erasedAndKept(locale)}
<p class="note">${escapeHtml(t('confirm.signedOut'))}</p>
<form method="post" action="/api/account/deletion/confirm" class="actions"><input type="hidden" name="token" value="${escapeHtml(token)}"><input type="hidden" name="lang" value="${locale}">
<button type="submit" class="danger">${escapeHtml(t('confirm.button'))}</button><a href="${profilePath(locale)}">${escapeHtml(t('confirm.keep'))}</a></form>`;
  return frame(page, t('confirm.title'), body);
}

/** "Your account is deleted": where the confirming browser lands, signed out. */
export function deletedPage(page: PageFrame): string {
  const t = deletionTexts(page.locale);
  const body = `<h1>${escapeHtml(t('deleted.title'))}</h1><p>${escapeHtml(t('deleted.intro'))}</p>
${erasedAndKept(page.locale)}
<p>${escapeHtml(t('deleted.again'))}</p><p><a href="${page.locale === 'es' ? '/es' : '/'}">${escapeHtml(t('deleted.home'))}</a></p>`;
  return frame(page, t('deleted.title'), body);
}

/** j•••@example.com: enough for the customer to know the account, little for whoever else holds the link. */
export function maskEmail(email: string): string {
  const at = email.lastIndexOf('@');
  if (at < 1) return '•••';
  return `${email[0]}•••${email.slice(at)}`;
}
