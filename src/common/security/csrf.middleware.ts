import { ForbiddenException, UnsupportedMediaTypeException } from '@nestjs/common';
import type { IncomingMessage, ServerResponse } from 'node:http';

const SAFE_METHODS = new Set(['GET', 'HEAD', 'OPTIONS']);
/**
 * Body types a cross-site form or simple request cannot send (a browser must ask first, with a
 * CORS preflight we never grant): JSON, and the photos a claim takes as themselves
 * (POST /api/claims/:id/photos, issue 30).
 */
const PREFLIGHTED_TYPES = new Set(['application/json', 'image/jpeg', 'image/png', 'image/webp']);

/**
 * The API routes a page's plain HTML form posts to (issue 29: a choice made before the page's
 * code has run is not lost; issue 27: an account deletion confirmed on a page with no script), as application/x-www-form-urlencoded. A form can be sent from any
 * site, so there the browser must prove the post comes from our own page whatever cookies it
 * carries: Origin equal to our public URL, or, without an Origin, Sec-Fetch-Site same-origin.
 */
export const FORM_POST_PATHS: ReadonlySet<string> = new Set(['/api/consent/form', '/api/account/deletion/confirm']);
const FORM_TYPE = 'application/x-www-form-urlencoded';

/**
 * Cross-site request forgery, refused before a session is read (a stage of the HTTP pipeline,
 * src/bootstrap/http-pipeline.ts, on the API's routes). A state-changing API call
 * must be JSON or a photo (a form cannot send those cross-site without CORS, which we never grant),
 * or a form from our own page on the few routes made for one (FORM_POST_PATHS); one
 * that carries our session cookie must prove it comes from our own page (Origin equal to our
 * public URL, or Sec-Fetch-Site same-origin). Calls without our cookie (the mobile app, a
 * partner) need no Origin, but a foreign Origin is refused whatever else they carry.
 */
export function csrfCheck(publicUrl: string, cookieName: string) {
  return (req: IncomingMessage, _res: ServerResponse, next: (error?: unknown) => void): void => {
    const refusal = csrfRefusal(req, publicUrl, cookieName);
    if (refusal === 'not-json') return next(new UnsupportedMediaTypeException('Send the request as JSON (Content-Type: application/json).'));
    if (refusal === 'foreign') return next(new ForbiddenException('This request did not come from the Meterly site.'));
    next();
  };
}

/** Why a request is refused as a forgery (see csrfCheck), or undefined. */
export function csrfRefusal(
  req: Pick<IncomingMessage, 'method' | 'headers' | 'url'> & { originalUrl?: string },
  publicUrl: string,
  cookieName: string,
): 'not-json' | 'foreign' | undefined {
  if (SAFE_METHODS.has(req.method ?? '')) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (type === FORM_TYPE && FORM_POST_PATHS.has(pathOf(req))) {
    if (origin !== undefined ? origin !== publicUrl : site !== 'same-origin') return 'foreign';
    return site !== undefined && site !== 'same-origin' ? 'foreign' : undefined;
  }
  if (!PREFLIGHTED_TYPES.has(type)) return 'not-json';
  if (origin !== undefined && origin !== publicUrl) return 'foreign';
  if (site !== undefined && site !== 'same-origin') return 'foreign';
  if (origin === undefined && site === undefined && carriesCookie(req.headers.cookie ?? '', cookieName)) return 'foreign';
  return undefined;
}

function carriesCookie(header: string, name: string): boolean {
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}

/** The path asked for: Express's originalUrl where a router mounted the middleware on a prefix, else the URL. */
function pathOf(req: { url?: string; originalUrl?: string }): string {
  const url = req.originalUrl ?? req.url ?? '/';
  const query = url.indexOf('?');
  return query === -1 ? url : url.slice(0, query);
}
