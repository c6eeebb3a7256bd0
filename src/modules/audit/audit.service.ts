import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { AuditLogRepository } from './audit-log.repository';

/** Who an audit entry names: the staff member, the customer they act for, the request. */
export interface AuditActor {
  actorUserId: string;
  actorEmail: string;
  actorRole: string;
  customer: { id: string; email: string } | null;
  correlationId: string | null;
}

/** Set on a request once it has an audit entry (the on-behalf audit then adds none). */
const AUDITED = Symbol('audited');
type Marked = Request & { [AUDITED]?: true };

/** Records a staff action with who did it, for whom, and the request's correlation id. */
@Injectable()
export class AuditService {
  constructor(private readonly log: AuditLogRepository) {}

  async record(req: Request, action: string, details: { target?: string; customer?: { id: string; email: string } | null } = {}): Promise<void> {
    const actor = this.actorOf(req);
    await this.recordAs(details.customer === undefined ? actor : { ...actor, customer: details.customer }, action, details.target);
    (req as Marked)[AUDITED] = true;
  }

  /** The request's actor as it is now (taken before a handler that may end or change the session). */
  actorOf(req: Request): AuditActor {
    const session = req.session;
    return {
      actorUserId: session.staffUserId ?? session.userId!,
      actorEmail: session.staffEmail ?? session.userEmail!,
      actorRole: session.role ?? 'customer',
      customer: session.staffUserId ? { id: session.userId!, email: session.userEmail! } : null,
      correlationId: (req as Request & { id?: string | number }).id?.toString() || null,
    };
  }

  async recordAs(actor: AuditActor, action: string, target?: string): Promise<void> {
    await this.log.record({
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

  /** Whether this request already has an audit entry. */
  wasAudited(req: Request): boolean {
    return (req as Marked)[AUDITED] === true;
  }
}
