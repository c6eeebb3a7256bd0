import { localizePath, type Locale } from '../../shared/locale';
import en from '../locales/en-US/offline-card.json';
import es from '../locales/es/offline-card.json';
import { cardPath, type KeptCards } from './kept-cards';

type Texts = typeof en;
const TEXTS: Record<Locale, Texts> = { 'en-US': en, es };
const OTHER: Record<Locale, Locale> = { 'en-US': 'es', es: 'en-US' };
const MANIFEST: Record<Locale, string> = { 'en-US': '/manifest.webmanifest', es: '/manifest-es.webmanifest' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

function fill(text: string, values: Record<string, string>): string {
  return text.replace(/\{\{(\w+)\}\}/g, (_, name: string) => values[name] ?? '');
}

// The site's colours (src/client/styles/base.css): --brand, --ink, --ink-soft, --line, --paper-soft.
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font-family:system-ui,-apple-system,'Segoe UI',Roboto,'Helvetica Neue',Arial,sans-serif;color:#16142b;background:#f7f7fb;line-height:1.5}
header{display:flex;align-items:center;gap:.5rem;padding:1rem 1.25rem;background:#fff;border-bottom:1px solid #dcdbe8;font-weight:700;font-size:1.25rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1.25rem 3rem}
h1{font-size:1.6rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.15rem;margin:0 0 .5rem}
p{margin:0 0 1rem}
.muted{color:#4a4863;font-size:.95rem}
ul.cards{list-style:none;padding:0;margin:0 0 1.5rem}
li.card{background:#fff;border:1px solid #dcdbe8;border-radius:12px;padding:1rem 1.25rem;margin:0 0 1rem}
li.card ul{margin:0 0 1rem;padding-left:1.25rem}
a{color:#26229a}
a.open{display:block;text-align:center;background:#3632c0;color:#fff;font-weight:600;text-decoration:none;border-radius:8px;padding:.75rem 1rem;min-height:44px}
a.open:focus-visible,a:focus-visible{outline:3px solid #26229a;outline-offset:3px}
footer{border-top:1px solid #dcdbe8;padding-top:1rem;display:flex;flex-wrap:wrap;gap:.5rem 1.5rem}
footer a{display:inline-block;min-height:44px;padding:.6rem 0}
`;

const LOGO =
  '<svg viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false"><circle cx="16" cy="16" r="15" fill="#3632c0"/><path d="M7 21a9 9 0 0 1 18 0" fill="none" stroke="#fff" stroke-width="2.5" stroke-linecap="round"/><path d="M16 21l5-7" stroke="#ffd166" stroke-width="2.5" stroke-linecap="round"/><circle cx="16" cy="21" r="2" fill="#fff"/></svg>';

/** A fresh nonce for the page's one style element: the page allows nothing else inline, and no script at all. */
function nonce(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes));
}

/**
 * The offline page (issue 27), made by the service worker from the kept cards in the language of
 * the address asked: each kept ID card with its cars and a link that opens its PDF, or, when none
 * is kept, a page saying so. Plain HTML without script, under its own strict CSP, never stored.
 */
export function offlinePage(locale: Locale, kept: KeptCards | undefined): Response {
  const t = TEXTS[locale];
  const date = (iso: string) => new Intl.DateTimeFormat(locale, { dateStyle: 'long' }).format(new Date(iso));
  const body = kept?.cards.length
    ? `<p>${escapeHtml(t.intro)}</p><ul class="cards">${kept.cards
        .map(
          (card) =>
            `<li class="card"><h2>${escapeHtml(fill(t.card, { number: card.number }))}</h2>` +
            `<p class="muted">${escapeHtml(t.cars)}</p><ul>${card.cars.map((car) => `<li>${escapeHtml(car)}</li>`).join('')}</ul>` +
            `<a class="open" href="${escapeHtml(cardPath(card.policyId))}">${escapeHtml(fill(t.open, { number: card.number }))}</a></li>`,
        )
        .join('')}</ul><p class="muted">${escapeHtml(fill(t.keptOn, { date: date(kept.keptAt) }))}</p>`
    : `<p>${escapeHtml(t.none)}</p><p class="muted">${escapeHtml(t.noneHint)}</p>`;
  const styleNonce = nonce();
  const html =
    `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">` +
    `<meta name="theme-color" content="#3632c0"><meta name="robots" content="noindex"><title>${escapeHtml(t.title)} · Meterly</title>` +
    `<link rel="icon" href="/favicon.svg" type="image/svg+xml"><link rel="manifest" href="${MANIFEST[locale]}">` +
    `<style nonce="${styleNonce}">${STYLE}</style></head><body>` +
    `<header>${LOGO}<span>Meterly</span></header>` +
    `<main><h1>${escapeHtml(t.title)}</h1>${body}` +
    `<footer><span><span class="muted">${escapeHtml(t.online)}</span> <a href="${localizePath('/profile', locale)}">${escapeHtml(t.myAccount)}</a></span>` +
    `<a href="${localizePath('/offline-card', OTHER[locale])}" lang="${OTHER[locale]}" hreflang="${OTHER[locale]}">${escapeHtml(t.otherLanguage)}</a></footer>` +
    `</main></body></html>`;
  return new Response(html, {
    status: 200,
    headers: {
      'Content-Type': 'text/html; charset=utf-8',
      'Cache-Control': 'no-store',
      'Content-Security-Policy': `default-src 'none'; connect-src 'self'; style-src 'nonce-${styleNonce}'; img-src 'self'; manifest-src 'self'; base-uri 'none'; form-action 'none'; frame-ancestors 'none'`,
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    },
  });
}
