import { showsSignedInWork, type PageDef } from '../../shared/site-map';
import type { SecurityHeaderTemplate } from '../../common/security/security-header-template';

/** What of a page its headers depend on; undefined for the not-found page. */
export type PageKind = Pick<PageDef, 'id' | 'access' | 'signedInScreen'> | undefined;

/**
 * Every header a page is answered with, whichever way it is answered (page-pipeline.ts): the
 * security middleware's (the CSP under this response's nonce, HSTS, framing…) and those of its
 * kind. The rest is not the page's: the framing (Content-Length or chunked, Content-Encoding) is
 * the sender's, the correlation id and a renewed session cookie the request's.
 */
export function pageHeaders(page: PageKind, nonce: string, security: Pick<SecurityHeaderTemplate, 'fill'>): Record<string, string> {
  const headers = security.fill(nonce);
  headers['content-type'] = 'text/html; charset=utf-8';
  // Each page carries its own CSP nonce: no shared cache may keep it. A page that shows signed-in
  // work (behind sign-in, or the staff's desk) is no-store whoever asks: the site map decides, by
  // the page, never by the visitor, so one URL's answer is kept alike by every cache.
  headers['cache-control'] = showsSignedInWork(page) ? 'no-store' : 'no-cache, private';
  // Whether the body is compressed depends on Accept-Encoding, on every page, asked with it or not.
  headers['vary'] = 'Accept-Encoding';
  // The sign-in page holds a code in its URL: no Referer may carry any of it anywhere.
  if (page?.id === 'magic-link') headers['referrer-policy'] = 'no-referrer';
  return headers;
}
