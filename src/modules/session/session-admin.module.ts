import { Module } from '@nestjs/common';
import { SessionAdmin } from './session-admin.service';
import { SessionReadCache } from './session-read-cache';
import { SessionRepository } from './session.repository';

/**
 * SessionAdmin on its own (no session middleware, no config): for staff changes and the operators'
 * tools (scripts/sessions.ts). The process's SessionReadCache is here so that a revocation forgets
 * the sessions it ends; only the application's SessionReads (session.module.ts) fills it.
 */
@Module({
  providers: [SessionRepository, SessionAdmin, { provide: SessionReadCache, useFactory: () => new SessionReadCache() }],
  exports: [SessionAdmin, SessionReadCache],
})
export class SessionAdminModule {}
