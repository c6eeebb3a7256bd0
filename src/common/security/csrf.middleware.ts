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
 * Cross-site request forgery, refused before a session is read (a stage of the HTTP pipeline,
 * src/bootstrap/http-pipeline.ts, on the API's routes). A state-changing API call
 * must be JSON or a photo (a form cannot send those cross-site without CORS, which we never grant); one
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
export function csrfRefusal(req: Pick<IncomingMessage, 'method' | 'headers'>, publicUrl: string, cookieName: string): 'not-json' | 'foreign' | undefined {
  if (SAFE_METHODS.has(req.method ?? '')) return undefined;
  const type = (req.headers['content-type'] ?? '').split(';')[0].trim().toLowerCase();
  if (!PREFLIGHTED_TYPES.has(type)) return 'not-json';
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (origin !== undefined && origin !== publicUrl) return 'foreign';
  if (site !== undefined && site !== 'same-origin') return 'foreign';
  if (origin === undefined && site === undefined && carriesCookie(req.headers.cookie ?? '', cookieName)) return 'foreign';
  return undefined;
}

function carriesCookie(header: string, name: string): boolean {
  return header.split(';').some((part) => part.trim().startsWith(`${name}=`));
}
