import { ServiceUnavailableException } from '@nestjs/common';
import session from 'express-session';
import { fromTrustedProxy, proxyTrust } from '../../common/http/proxy-trust';
import { IDLE_TIMEOUT_MS, type SessionCookie } from './session-cookie';
import { SessionStore } from './session-store';
import type { AppConfig } from '../../config/app-config';
import type { SessionReads } from './session-change-listener';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import type { IncomingMessage } from 'node:http';
import type { Pool } from 'pg';

/**
 * express-session on Postgres. When the store cannot be reached the request fails with 503:
 * never a silent fresh session that would replace the visitor's cookie.
 */
export function sessionMiddleware(config: AppConfig, pool: Pool, secrets: string[], cookie: SessionCookie, reads: SessionReads): RequestHandler {
  const store = new SessionStore(pool, reads.cache);
  const options = {
    name: cookie.name,
    secret: secrets,
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    cookie: { ...cookie.options, maxAge: IDLE_TIMEOUT_MS },
  } as const;
  // Whether the request came over https, as Express decides it: X-Forwarded-Proto counts only
  // from a proxy TRUSTED_PROXIES names. express-session takes that as a fixed flag (and the
  // signed-in pages' door runs it on the bare request, without Express's req.secure), so two readers
  // on the one store: one for requests a trusted proxy relays, one for everyone else.
  const trust = proxyTrust(config.trustedProxies);
  const pageStore = store.keptReads();
  // [fresh read, kept read (the pages behind sign-in the door answers: see markKeptRead)].
  const relayed = [session({ ...options, store, proxy: true }), session({ ...options, store: pageStore, proxy: true })];
  const direct = [session({ ...options, store, proxy: false }), session({ ...options, store: pageStore, proxy: false })];
  const handler: RequestHandler = (req, res, next) => (fromTrustedProxy(trust, req) ? relayed : direct)[keptRead(req) ? 1 : 0](req, res, next);
  const unavailable = () => new ServiceUnavailableException('Your session cannot be read right now. Please try again in a moment.');
  // Read once per request, wherever the HTTP pipeline runs it first (src/bootstrap/http-pipeline.ts):
  // a failed read the signed-in pages' door hands over is answered at once by the application,
  // not read again (which waited out a frozen database's deadline a second time).
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res, (err?: unknown) => {
      if (err) {
        // With `unset: 'destroy'`, express-session destroys at the end of the response any
        // session id whose session is missing, which after a failed read is every one: forget
        // the id, or a database that comes back (or only was slow) runs a DELETE that signs
        // the visitor out.
        delete (req as { sessionID?: string }).sessionID;
        next(unavailable());
        return;
      }
      keepNewerCookie(req, res, store);
      next();
    });
  };
}

const KEPT_READ = Symbol('the session may be read as kept');

/**
 * Marks a request whose session may be read as the process keeps it (SessionReadCache): a page
 * behind sign-in that the signed-in pages' door answers, which shows the session and writes
 * nothing. Called by the door before the session stage runs; nothing else is marked.
 */
export function markKeptRead(req: IncomingMessage): void {
  (req as IncomingMessage & { [KEPT_READ]?: true })[KEPT_READ] = true;
}

const keptRead = (req: IncomingMessage) => (req as IncomingMessage & { [KEPT_READ]?: true })[KEPT_READ] === true;

/**
 * A request the browser sent before another of its requests replaced its session (a sign-in, a
 * change of hands, a sign-out) must not answer with the old id's cookie: arriving after the new
 * cookie, it would put the browser back on a session that no longer exists (issue 18: staff
 * signed out when the page saved its session while on-behalf started). Such a request carries a
 * revoked id (the store answers `revoked`), or read the session just before it was replaced in
 * this process; either way it sets no cookie and saves nothing. Across instances the second
 * case is not seen: see docs/decisions.md.
 */
function keepNewerCookie(req: Request, res: Response, store: SessionStore): void {
  const forget = () => delete (req as { sessionID?: string }).sessionID;
  if (req.session?.revoked) {
    forget();
    return;
  }
  // Runs before express-session's own header hook (installed earlier, so called later).
  // Called with the response as `this` below, as Node calls it.
  // eslint-disable-next-line @typescript-eslint/unbound-method
  const writeHead = res.writeHead;
  res.writeHead = function writeHeadUnlessReplaced(this: Response, ...args: unknown[]) {
    if (req.sessionID && store.replacedLately(req.sessionID)) forget();
    return (writeHead as (...a: unknown[]) => Response).apply(this, args);
  } as typeof res.writeHead;
}
