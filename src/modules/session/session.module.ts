import { Module, RequestMethod } from '@nestjs/common';
import { appConfig } from '../../config/app-config';
import { APP_SECRETS } from '../../config/secrets.provider';
import { PG_POOL } from '../../database/pg-pool';
import { localizePath } from '../../shared/locale';
import { PAGES } from '../../shared/site-map';
import { SessionAdminModule } from './session-admin.module';
import { SessionReads } from './session-change-listener';
import { SessionCookie } from './session-cookie';
import { SessionTimeoutsMiddleware } from './session-timeouts.middleware';
import { SessionWriter } from './session-writer.service';
import { SessionController } from './session.controller';
import { sessionMiddleware } from './session.middleware';

/**
 * Where a session is read (the session stages of the HTTP pipeline, src/bootstrap/http-pipeline.ts):
 * the API, and the pages behind sign-in. Open pages are the same for
 * everyone and never touch the session table (they stay up even when it cannot be reached).
 */
export const SESSION_ROUTES = [
  'api/{*path}',
  ...PAGES.filter((page) => page.access === 'sign-in').flatMap((page) => [page.path, localizePath(page.path, 'es')]),
];

/**
 * API calls that are the same for everyone and keep no state: no session is read or made for
 * them (a session costs a new id and a store lookup on each of these hot paths).
 */
export const STATELESS_API_ROUTES = [
  { path: 'api/health', method: RequestMethod.GET },
  // Liveness above all: a balancer's probe must not wait on the session table (issue 30).
  { path: 'api/health/live', method: RequestMethod.GET },
  { path: 'api/health/ready', method: RequestMethod.GET },
  { path: 'api/quotes/estimate', method: RequestMethod.POST },
  { path: 'api/vehicles/{*path}', method: RequestMethod.GET },
];

/**
 * The one session reader (express-session on our store): a stage of the HTTP pipeline
 * (src/bootstrap/http-pipeline.ts), run once per request by the application or by the signed-in
 * pages' door in front of it.
 */
export const SESSION_MIDDLEWARE = Symbol('SESSION_MIDDLEWARE');

@Module({
  imports: [SessionAdminModule],
  controllers: [SessionController],
  providers: [
    SessionCookie,
    SessionTimeoutsMiddleware,
    SessionWriter,
    SessionReads,
    {
      provide: SESSION_MIDDLEWARE,
      inject: [appConfig.KEY, PG_POOL, APP_SECRETS, SessionCookie, SessionReads],
      useFactory: sessionMiddleware,
    },
  ],
  exports: [SessionAdminModule, SessionCookie, SessionTimeoutsMiddleware, SessionWriter, SessionReads, SESSION_MIDDLEWARE],
})
export class SessionModule {}
