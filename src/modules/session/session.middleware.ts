import connectPgSimple from 'connect-pg-simple';
import type { RequestHandler } from 'express';
import session from 'express-session';
import type { Pool } from 'pg';
import type { AppConfig } from '../../config/app-config';
import { sessionSecrets } from './session-secrets';

export const IDLE_TIMEOUT_MS = 30 * 60 * 1000;

/** The cookie's name: `__Host-` prefixed when we are served over TLS. */
export function sessionCookieName(config: AppConfig): string {
  return config.publicUrl.startsWith('https:') ? '__Host-meterly.sid' : 'meterly.sid';
}

/** express-session on Postgres (connect-pg-simple, on the app's own pool and migrated table). */
export function sessionMiddleware(config: AppConfig, pool: Pool): RequestHandler {
  const PgStore = connectPgSimple(session);
  const secure = config.publicUrl.startsWith('https:');
  return session({
    name: sessionCookieName(config),
    secret: sessionSecrets(config),
    store: new PgStore({ pool, tableName: 'session', createTableIfMissing: false, pruneSessionInterval: false }),
    resave: false,
    saveUninitialized: false,
    rolling: true,
    proxy: config.trustProxyHops > 0,
    cookie: { httpOnly: true, sameSite: 'lax', secure, path: '/', maxAge: IDLE_TIMEOUT_MS },
  });
}
