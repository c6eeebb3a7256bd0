import { LOCALES, localizePath, type Locale } from '../../shared/locale';
import type { PublicConfig } from '../../shared/app-state';
import type { PageDef } from '../../shared/site-map';
import type { i18n } from 'i18next';

const OG_LOCALE: Record<Locale, string> = { 'en-US': 'en_US', es: 'es_US' };
/** The web app manifest and the social image, each written in the page's language. */
const MANIFEST: Record<Locale, string> = { 'en-US': '/manifest.webmanifest', es: '/manifest-es.webmanifest' };
const OG_IMAGE: Record<Locale, string> = { 'en-US': '/og-image.png', es: '/og-image-es.png' };

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/**
 * Spec §9 page metadata: title and description per page and locale, canonical and hreflang
 * alternates, Open Graph and Twitter tags with the 1200×628 image. Pages behind sign-in and
 * the 404 are kept out of search engines.
 */
export function pageHead(i18n: i18n, page: PageDef | undefined, config: PublicConfig): string {
  const locale = i18n.language as Locale;
  const id = page?.id ?? 'not-found';
  const title = escapeHtml(i18n.t(`pages.${id}.title`));
  const description = escapeHtml(i18n.t(`pages.${id}.description`));
  const tags = [`<title>${title}</title>`, `<meta name="description" content="${description}">`, `<link rel="manifest" href="${MANIFEST[locale]}">`];
  if (page?.access === 'open') {
    const url = (l: Locale) => escapeHtml(config.publicUrl + localizePath(page.path, l));
    tags.push(`<link rel="canonical" href="${url(locale)}">`);
    for (const l of LOCALES) tags.push(`<link rel="alternate" hreflang="${l}" href="${url(l)}">`);
    tags.push(`<link rel="alternate" hreflang="x-default" href="${url('en-US')}">`);
    tags.push(`<meta property="og:url" content="${url(locale)}">`);
  } else {
    tags.push('<meta name="robots" content="noindex">');
  }
  tags.push(
    '<meta property="og:type" content="website">',
    '<meta property="og:site_name" content="Meterly">',
    `<meta property="og:locale" content="${OG_LOCALE[locale]}">`,
    `<meta property="og:title" content="${title}">`,
    `<meta property="og:description" content="${description}">`,
    `<meta property="og:image" content="${escapeHtml(config.publicUrl)}${OG_IMAGE[locale]}">`,
    '<meta property="og:image:width" content="1200">',
    '<meta property="og:image:height" content="628">',
    `<meta property="og:image:alt" content="${escapeHtml(i18n.t('brand.ogImageAlt'))}">`,
    '<meta name="twitter:card" content="summary_large_image">',
  );
  return tags.join('');
}
