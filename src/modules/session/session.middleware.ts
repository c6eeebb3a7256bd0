import { ServiceUnavailableException } from '@nestjs/common';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/app-config';
import { IDLE_TIMEOUT_MS, type SessionCookie } from './session-cookie';
import { SessionStore } from './session-store';

/**
 * express-session on Postgres. When the store cannot be reached the request fails with 503:
 * never a silent fresh session that would replace the visitor's cookie.
 */
export function sessionMiddleware(config: AppConfig, pool: Pool, secrets: string[], cookie: SessionCookie): RequestHandler {
  const handler = session({
    name: cookie.name,
    secret: secrets,
    store: new SessionStore(pool),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    unset: 'destroy',
    proxy: config.trustProxyHops > 0,
    cookie: { ...cookie.options, maxAge: IDLE_TIMEOUT_MS },
  });
  return (req: Request, res: Response, next: NextFunction) => {
    handler(req, res, (err?: unknown) => {
      if (err) {
        // With `unset: 'destroy'`, express-session destroys at the end of the response any
        // session id whose session is missing, which after a failed read is every one: forget
        // the id, or a database that comes back (or only was slow) runs a DELETE that signs
        // the visitor out.
        delete (req as { sessionID?: string }).sessionID;
        next(new ServiceUnavailableException('Your session cannot be read right now. Please try again in a moment.'));
        return;
      }
      next();
    });
  };
}
