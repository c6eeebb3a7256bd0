import { Injectable } from '@nestjs/common';
import { SessionRepository, type AdminSessionRow, type SessionRow } from './session.repository';

/**
 * Operators' and tools' access to stored sessions (list, revoke, prune), for other modules;
 * SessionWriter writes the signed-in request's own session.
 */
@Injectable()
export class SessionAdmin {
  constructor(private readonly sessions: SessionRepository) {}

  list(filter: { email?: string } = {}): Promise<SessionRow[]> {
    return this.sessions.list(filter);
  }

  /** The admin screen's view of a user's sessions, by e-mail (their own, and staff's for them marked). */
  listByEmail(email: string): Promise<AdminSessionRow[]> {
    return this.sessions.listByEmail(email);
  }

  /** Ends one of the user's own sessions (never a staff member's acting for them): how many ended, 0 or 1. */
  revokeOwned(email: string, sessionId: string): Promise<number> {
    return this.sessions.revokeOwned(email, sessionId);
  }

  /** How many sessions ended; in the caller's transaction when one is open. */
  revoke(filter: { sid: string } | { email: string } | { userId: string; email: string }): Promise<number> {
    return this.sessions.revoke(filter);
  }

  countActive(): Promise<number> {
    return this.sessions.countActive();
  }

  prune(now: Date): Promise<void> {
    return this.sessions.prune(now);
  }
}
