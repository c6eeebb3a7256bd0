import { Injectable } from '@nestjs/common';
import type { Request } from 'express';
import { Clock } from '../../common/clock/clock';
import { regenerate, save } from '../session/session-data';
import { AuditService } from '../audit/audit.service';
import type { UserEntity } from '../users/user.entity';
import { UserRepository } from '../users/user.repository';
import { AgentRepository } from './agent.repository';
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
    private readonly agents: AgentRepository,
    private readonly audit: AuditService,
    private readonly clock: Clock,
  ) {}

  async start(req: Request, email: string): Promise<void> {
    const session = req.session;
    if (session.staffUserId) throw new AgentException(AgentErrorCode.AlreadyOnBehalf);
    const existing = await this.users.findByEmail(email.trim());
    if (existing && existing.role !== 'customer') throw new AgentException(AgentErrorCode.StaffCustomer);
    if (existing && session.role === 'agent') await this.ensureInReach(existing, session.producerId!);
    // The agent of record is set at the first sale (PurchaseService), not here: acting is not selling.
    const customer = existing ?? (await this.users.findOrCreateCustomer(email.trim(), session.locale ?? 'en-US'));

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

  /**
   * An agent acts only for their own customers (they are the agent of record) or for someone
   * with nothing here yet but what this agent started: acting for a customer shows all their
   * policies, their card and their quotes, which an agent who did not sell them must not see.
   * Admins act for anyone.
   */
  private async ensureInReach(customer: UserEntity, producerId: string): Promise<void> {
    if (customer.servedByProducerId === producerId) return;
    if (customer.servedByProducerId) throw new AgentException(AgentErrorCode.ServedByOtherAgent);
    const business = await this.agents.businessNotOf(customer.id, producerId);
    if (business.otherAgent) throw new AgentException(AgentErrorCode.ServedByOtherAgent);
    if (business.notAgents) throw new AgentException(AgentErrorCode.CustomerNotYours);
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
