import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit';
import { currentRequest, SessionAdmin } from '../session';
import { UsersService } from '../users';
import { AdminErrorCode, AdminException } from './admin.exception';
import { sessionDevice } from './session-device';
import type { AdminSessionList } from '../../shared/admin/admin-model';
import type { SignedInActor } from '../session';

/**
 * The admin screen's sessions: a user's live sessions found by e-mail, ended one or all. Ending
 * a customer's sessions never ends a staff member's session acting for them (SessionAdmin's
 * rule): that one is the staff member's, ended from their own list.
 */
@Injectable()
export class AdminSessionsService {
  constructor(
    private readonly sessions: SessionAdmin,
    private readonly users: UsersService,
    private readonly audit: AuditService,
  ) {}

  /** The user's sessions; the one this request came on is marked `current`. */
  async list(email: string): Promise<AdminSessionList> {
    const own = currentRequest().session?.sessionId;
    const rows = await this.sessions.listByEmail(email);
    return {
      email: email.toLowerCase(),
      sessions: rows.map((row) => ({
        sessionId: row.sessionId,
        device: sessionDevice(row.userAgent),
        ip: row.ip,
        createdAt: row.createdAt ? new Date(row.createdAt).toISOString() : null,
        lastSeenAt: row.lastSeenAt ? new Date(row.lastSeenAt).toISOString() : null,
        onBehalfBy: row.onBehalfBy,
        actingFor: row.actingFor,
        current: row.sessionId === own,
        revocable: row.onBehalfBy === null,
      })),
    };
  }

  /** Ends one of the user's own sessions; 404 when it is gone or a staff member's acting for them. */
  async revokeOne(actor: SignedInActor, email: string, sessionId: string): Promise<{ revoked: number }> {
    const revoked = await this.sessions.revokeOwned(email, sessionId);
    if (!revoked) throw new AdminException(AdminErrorCode.SessionNotFound);
    await this.record(actor, email, `session:${sessionId.slice(0, 8)}`);
    return { revoked };
  }

  /** Ends every session of the user's own (none of staff's acting for them). */
  async revokeAll(actor: SignedInActor, email: string): Promise<{ revoked: number }> {
    const revoked = await this.sessions.revoke({ email });
    await this.record(actor, email, `email:${email.toLowerCase()}`);
    return { revoked };
  }

  /** The audit names the customer whose sessions ended (a staff member's: in the target only). */
  private async record(actor: SignedInActor, email: string, target: string): Promise<void> {
    const user = await this.users.findByEmail(email);
    const customer = user?.role === 'customer' ? { id: user.id, email: user.email } : null;
    await this.audit.record(actor, 'session.revoke', { target, customer });
  }
}
