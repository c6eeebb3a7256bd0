import { Injectable } from '@nestjs/common';
import { isAuditChanges } from '../../shared/audit/audit-changes';
import { householdOwner, markAudited, takeAuditChanges, wasAudited } from '../session';
import { AuditLogRepository, type AuditFilter, type AuditRecord } from './audit-log.repository';
import type { SignedInActor } from '../session';

/** Who an audit entry names: the staff member, the customer they act for, the request. */
export interface AuditActor {
  actorUserId: string;
  actorEmail: string;
  actorRole: string;
  customer: { id: string; email: string } | null;
  correlationId: string | null;
}

/** Records a staff action with who did it, for whom, and the request's correlation id. */
@Injectable()
export class AuditService {
  constructor(private readonly log: AuditLogRepository) {}

  async record(actor: SignedInActor, action: string, details: { target?: string; customer?: { id: string; email: string } | null } = {}): Promise<void> {
    const who = auditActorOf(actor);
    await this.recordAs(details.customer === undefined ? who : { ...who, customer: details.customer }, action, details.target);
    // The request now has an entry: the on-behalf audit adds none (marked in the request context).
    markAudited();
  }

  /** Records an entry; what the request noted it changed (noteAuditChanges) goes with it. */
  async recordAs(actor: AuditActor, action: string, target?: string): Promise<void> {
    const changes = takeAuditChanges();
    await this.log.record({
      changes: isAuditChanges(changes) ? changes : null,
      actorUserId: actor.actorUserId,
      actorEmail: actor.actorEmail,
      actorRole: actor.actorRole,
      customerUserId: actor.customer?.id ?? null,
      customerEmail: actor.customer?.email ?? null,
      action,
      target: target ?? null,
      correlationId: actor.correlationId,
    });
  }

  /** The log for admins: newest first; `actor` and `customer` match a user id or an e-mail. */
  list(filter: AuditFilter & { limit?: number; offset?: number }): Promise<AuditRecord[]> {
    return this.log.list(filter);
  }

  /** The actions the log holds (for a filter's choices). */
  actions(): Promise<string[]> {
    return this.log.actions();
  }

  /** Whether this request already has an audit entry. */
  wasAudited(): boolean {
    return wasAudited();
  }
}

/**
 * The audit's view of an actor: the person at the keyboard, and the customer they act for (staff
 * acting for a customer; a household member on a policy shared with them, its owner: issue 27).
 */
export function auditActorOf(actor: SignedInActor): AuditActor {
  const owner = actor.staff ? undefined : householdOwner();
  return {
    actorUserId: actor.staff?.userId ?? actor.userId,
    actorEmail: actor.staff?.email ?? actor.email,
    actorRole: actor.role,
    customer: actor.staff ? { id: actor.userId, email: actor.email } : (owner ?? null),
    correlationId: actor.correlationId,
  };
}
