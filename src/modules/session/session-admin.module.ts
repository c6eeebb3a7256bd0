import { Module } from '@nestjs/common';
import { SessionAdmin } from './session-admin.service';
import { SessionRepository } from './session.repository';

/** SessionAdmin on its own (no session middleware, no config): for staff changes and the operators' tools (scripts/sessions.ts). */
@Module({ providers: [SessionRepository, SessionAdmin], exports: [SessionAdmin] })
export class SessionAdminModule {}
