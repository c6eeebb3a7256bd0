import { CONSENT_COOKIES } from '../../../shared/consent';
import type { RoutePageId } from '../../app/page-registry';

/** On <html>: the banner is due, so its layer shows and the page does not scroll (consent.css). */
export const CONSENT_DUE_CLASS = 'consent-due';

/** The hand-off pages (no header, no footer) finish a sign-in or open the app: no banner there. */
const WITHOUT_BANNER = new Set<RoutePageId>(['magic-link', 'web-login', 'app-link']);

export function pageHasConsentBanner(pageId: RoutePageId): boolean {
  return !WITHOUT_BANNER.has(pageId);
}

/**
 * Runs in the page's <head>, before anything of the body is parsed or painted: marks the banner
 * due when this browser holds no decision, so the banner the server put in the page (hidden)
 * shows in the first paint. Sent as its own source text, so it refers to nothing outside itself.
 */
export function revealConsentBanner(dueClass: string, bannerCookie: string): void {
  if (!new RegExp('(?:^|;)\\s*' + bannerCookie + '=true\\s*(?:;|$)').test(document.cookie)) document.documentElement.classList.add(dueClass);
}

/**
 * The inline script for the page's head, under the response's nonce; none on a page without the
 * banner, nor on a page rendered for a signed-in user, whose decision on record may make the
 * banner unnecessary: there React asks the server first, as before.
 */
export function consentRevealScript(nonce: string, pageId: RoutePageId, signedIn: boolean): string {
  if (!pageHasConsentBanner(pageId) || signedIn) return '';
  const args = [CONSENT_DUE_CLASS, CONSENT_COOKIES.banner].map((value) => JSON.stringify(value)).join(',');
  return `<script nonce="${nonce}">(${revealConsentBanner.toString()})(${args})</script>`;
}
