import { formatCoverStart } from '../../shared/policy/cover-start';
import { documentTexts } from '../documents';
import { proofTexts } from './proof-texts';
import type { Locale } from '../../shared/locale';
import type { ProofOfInsuranceFacts } from '../../shared/policy/proof-link-model';

function escapeHtml(value: string): string {
  return value.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;').replace(/'/g, '&#39;');
}

/** The page's look: the site's colours, one column, readable on a phone and on a desk; no script, no file but the icon. */
const STYLE = `
*{box-sizing:border-box}
body{margin:0;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,sans-serif;color:#16142b;background:#f6f6fb}
a{color:#3632c0}
a:focus-visible{outline:3px solid #3632c0;outline-offset:2px}
.proof-header{display:flex;justify-content:space-between;align-items:center;gap:1rem;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #dddbe8}
.proof-brand{font-weight:700;font-size:1.25rem;color:#3632c0;text-decoration:none}
main{max-width:44rem;margin:0 auto;padding:1.5rem 1rem 3rem}
h1{font-size:1.75rem;line-height:1.2;margin:0 0 .75rem}
h2{font-size:1.125rem;margin:1.5rem 0 .5rem}
.proof-intro,.proof-note{color:#4a4863}
.proof-expires{padding:.75rem 1rem;border-left:4px solid #3632c0;background:#fff;border-radius:4px}
.proof-card{background:#fff;border:2px solid #3632c0;border-radius:12px;padding:1rem 1.25rem;margin-top:1.25rem}
.proof-card dl{display:grid;grid-template-columns:minmax(8rem,14rem) 1fr;gap:.5rem 1rem;margin:0}
.proof-card dt{color:#4a4863}
.proof-card dd{margin:0;font-weight:600;overflow-wrap:anywhere}
.proof-card h2:first-child{margin-top:0}
.proof-car+.proof-car{border-top:1px solid #dddbe8;margin-top:1rem;padding-top:1rem}
@media (max-width:30rem){.proof-card dl{grid-template-columns:1fr;gap:0}.proof-card dd{margin-bottom:.5rem}h1{font-size:1.5rem}}
`;

interface Frame {
  locale: Locale;
  nonce: string;
  /** The same page in the other language (the token's path under the other prefix). */
  otherLanguagePath: string;
  title: string;
  body: string;
}

function frame({ locale, nonce, otherLanguagePath, title, body }: Frame): string {
  const t = proofTexts(locale);
  const other: Locale = locale === 'es' ? 'en-US' : 'es';
  return `<!doctype html><html lang="${locale}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex, nofollow"><meta name="referrer" content="no-referrer"><title>${escapeHtml(title)} · Meterly</title>
<link rel="icon" href="/favicon.svg" type="image/svg+xml"><style nonce="${nonce}">${STYLE}</style></head>
<body><header class="proof-header"><a class="proof-brand" href="${locale === 'es' ? '/es' : '/'}" aria-label="${escapeHtml(t('home'))}">${escapeHtml(t('siteName'))}</a>
<a href="${escapeHtml(otherLanguagePath)}" lang="${other}" hreflang="${other}">${escapeHtml(t('otherLanguage'))}</a></header>
<main id="main">${body}</main></body></html>`;
}

type Page = Omit<Frame, 'title' | 'body'>;

/** The card as the link shows it: the ID card's rows, the link's expiry, and when it was read. */
export function proofCardPage(page: Page, card: { facts: ProofOfInsuranceFacts; expiresAt: Date; now: Date }): string {
  const { locale } = page;
  const t = proofTexts(locale);
  const label = documentTexts(locale);
  const { facts } = card;
  const row = (key: string, value: string) => `<dt>${escapeHtml(label(`idCard.${key}`))}</dt><dd>${escapeHtml(value)}</dd>`;
  const moment = (at: Date) => formatCoverStart(at, facts.state, locale);
  const cars = facts.vehicles
    .map(
      (v) =>
        `<div class="proof-car"><dl>${row('vehicle', v.name)}${row('vin', v.vin ?? label('idCard.noVin'))}${row(
          'expires',
          v.expires.leaving ? label('idCard.coveredUntil', { date: v.expires.date }) : v.expires.date,
        )}</dl></div>`,
    )
    .join('');
  const body = `<h1>${escapeHtml(t('title'))}</h1>
<p class="proof-intro">${escapeHtml(t('intro'))}</p>
<p class="proof-expires">${escapeHtml(t('expires', { moment: moment(card.expiresAt) }))}</p>
<section class="proof-card" aria-labelledby="proof-policy"><h2 id="proof-policy">${escapeHtml(t('policy'))}</h2><dl>
${row('insurer', `${facts.insurer} (${label('idCard.naic')} ${facts.insurerNaic})`)}${row('policyNumber', facts.policyNumber)}${row('effective', facts.effective)}${row(
    'insured',
    facts.insured,
  )}${row('address', facts.address)}${row('liability', facts.liability)}${row('agency', facts.agency)}</dl>
<h2>${escapeHtml(t(facts.vehicles.length > 1 ? 'cars' : 'car'))}</h2>${cars}</section>
<p class="proof-note">${escapeHtml(t('checked', { moment: moment(card.now) }))}</p>`;
  return frame({ ...page, title: t('title'), body });
}

/** The one page for every link that shows nothing: guessed, malformed, expired, revoked, or cover ended. */
export function nothingPage(page: Page): string {
  const t = proofTexts(page.locale);
  return frame({ ...page, title: t('notFoundTitle'), body: `<h1>${escapeHtml(t('notFoundTitle'))}</h1><p>${escapeHtml(t('notFound'))}</p>` });
}

/** Too many views from one address. */
export function limitedPage(page: Page): string {
  const t = proofTexts(page.locale);
  return frame({ ...page, title: t('limitedTitle'), body: `<h1>${escapeHtml(t('limitedTitle'))}</h1><p>${escapeHtml(t('limited'))}</p>` });
}
