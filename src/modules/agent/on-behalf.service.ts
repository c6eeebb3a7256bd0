import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../../common/clock/clock';
import { regenerate, save } from '../session/session-data';
import { AuditService } from '../audit/audit.service';
import { UserRepository } from '../users/user.repository';
import { AgentErrorCode, AgentException } from './agent.exception';

/** What a session keeps when it changes hands: the staff member's role, and the browser's own state. */
function keptAcross(session: Request['session']) {
  const { role, producerId, sessionId, anonymousId, locale, signedInAt, createdAt, userAgent } = session;
  return { role, producerId, sessionId, anonymousId, locale, signedInAt, createdAt, userAgent };
}

/**
 * Purchasing on a customer's behalf: the session becomes the customer's (userId, userEmail)
 * while keeping the staff member's role and producerId and their own id and e-mail. Both
 * starting and stopping give the session a new id.
 */
@Injectable()
export class OnBehalfService {
  constructor(
    private readonly users: UserRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async start(req: Request, email: string): Promise<void> {
    const session = req.session;
    if (session.staffUserId) throw new AgentException(AgentErrorCode.AlreadyOnBehalf);
    const existing = await this.users.findByEmail(email.trim());
    if (existing && existing.role !== 'customer') throw new AgentException(AgentErrorCode.StaffCustomer);
    if (existing && session.role === 'agent' && existing.servedByProducerId && existing.servedByProducerId !== session.producerId) {
      throw new AgentException(AgentErrorCode.ServedByOtherAgent);
    }
    const customer = existing ?? (await this.users.findOrCreateCustomer(email.trim(), session.locale ?? 'en-US'));
    if (session.role === 'agent' && !customer.servedByProducerId) await this.users.assignProducer(customer.id, session.producerId!);

    const staff = { userId: session.userId!, userEmail: session.userEmail! };
    const kept = keptAcross(session);
    await regenerate(req);
    Object.assign(req.session, kept, {
      userId: customer.id,
      userEmail: customer.email,
      staffUserId: staff.userId,
      staffEmail: staff.userEmail,
      lastSeenAt: this.clock.now().getTime(),
    });
    await save(req);
    await this.audit.record(req, 'on-behalf.start', { target: customer.email });
  }

  async stop(req: Request): Promise<void> {
    const session = req.session;
    if (!session.staffUserId) throw new AgentException(AgentErrorCode.NotOnBehalf);
    const customer = { id: session.userId!, email: session.userEmail! };
    await this.audit.record(req, 'on-behalf.stop', { target: customer.email, customer });
    const kept = keptAcross(session);
    const staff = { userId: session.staffUserId, userEmail: session.staffEmail };
    await regenerate(req);
    Object.assign(req.session, kept, staff, { lastSeenAt: this.clock.now().getTime() });
    await save(req);
  }
}
