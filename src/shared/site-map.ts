/**
 * Every screen of spec §2 with its access and layout. The one table both the server (which
 * pages need sign-in, which can be cached) and the client (which header and footer) read.
 */
export type HeaderKind = 'full' | 'minimal' | 'none';
export type FooterKind = 'full' | 'reduced' | 'none';
export type Access = 'open' | 'sign-in';

export interface PageDef {
  id: PageId;
  path: string;
  access: Access;
  header: HeaderKind;
  footer: FooterKind;
  /**
   * An open page that is also a signed-in screen: anyone may open it, but signed-in staff work
   * on it (/agent: their customers, sales and reviews). Caches treat it as behind sign-in.
   */
  signedInScreen?: true;
}

export const PAGE_IDS = [
  'home',
  'quote',
  'agent',
  'get-app',
  'privacy-policy',
  'cookies-policy',
  'terms-and-conditions',
  'about-us',
  'contact',
  'magic-link',
  'login',
  'app-link',
  'quote-application',
  'quote-coverage',
  'quote-payment',
  'quote-purchased',
  'quote-products',
  'profile',
  'web-login',
  'admin-sessions',
  'admin-audit',
  'admin-staff',
  'admin-privacy',
  'agent-customers',

  'staff-claims',
] as const;
export type PageId = (typeof PAGE_IDS)[number];

function page(id: PageId, path: string, access: Access, header: HeaderKind = 'full', footer: FooterKind = 'full'): PageDef {
  return { id, path, access, header, footer };
}

/**
 * Whether the page shows signed-in work: behind sign-in, or open and a signed-in screen too. No
 * cache, shared or the browser's, may keep such a page, whoever asks: the answer for one URL is
 * the same for everyone, so a staff member's desk is no-store for a visitor too.
 */
export function showsSignedInWork(page: Pick<PageDef, 'access' | 'signedInScreen'> | undefined): boolean {
  return page?.access === 'sign-in' || page?.signedInScreen === true;
}

// Quote is listed by the spec under both the minimal and the hidden header; hidden wins
// (docs/decisions.md).
export const PAGES: readonly PageDef[] = [
  page('home', '/', 'open'),
  page('quote', '/quote', 'open', 'none', 'reduced'),
  // Open (what selling Meterly means, and staff sign in from it), and the staff's desk once signed in.
  { ...page('agent', '/agent', 'open'), signedInScreen: true },
  page('get-app', '/app', 'open'),
  page('privacy-policy', '/privacy-policy', 'open'),
  page('cookies-policy', '/cookies-policy', 'open'),
  page('terms-and-conditions', '/terms-and-conditions', 'open'),
  page('about-us', '/about-us', 'open'),
  page('contact', '/contact', 'open'),
  page('magic-link', '/magic-link', 'open', 'none', 'none'),
  page('login', '/login', 'open'),
  page('app-link', '/app-link', 'open', 'none', 'none'),
  page('quote-application', '/quote/application', 'sign-in', 'minimal', 'reduced'),
  page('quote-coverage', '/quote/coverage', 'sign-in', 'none', 'reduced'),
  page('quote-payment', '/quote/payment', 'sign-in', 'none', 'reduced'),
  page('quote-purchased', '/quote/purchased', 'sign-in'),
  page('quote-products', '/quote/products', 'sign-in'),
  page('profile', '/profile', 'sign-in'),
  page('web-login', '/web-login', 'sign-in', 'none', 'none'),
  // Issue 16: staff screens (the API checks the role; the pages only need a sign-in).
  page('admin-sessions', '/admin/sessions', 'sign-in'),
  page('admin-audit', '/admin/audit', 'sign-in'),
  page('admin-staff', '/admin/staff', 'sign-in'),
  // Issue 27: privacy requests and their 45-day answer clock.
  page('admin-privacy', '/admin/privacy-requests', 'sign-in'),
  page('agent-customers', '/agent/customers', 'sign-in'),

  // Issue 16: the claims staff work on (an agent's own customers', an admin's all).
  page('staff-claims', '/agent/claims', 'sign-in'),
];

const BY_PATH = new Map(PAGES.map((p) => [p.path, p]));

/** The page at a locale-free path (a trailing slash tolerated), or undefined. */
export function findPage(path: string): PageDef | undefined {
  const trimmed = path.length > 1 && path.endsWith('/') ? path.slice(0, -1) : path;
  return BY_PATH.get(trimmed);
}

export const PATHS = Object.fromEntries(PAGES.map((p) => [p.id, p.path])) as Record<PageId, string>;
