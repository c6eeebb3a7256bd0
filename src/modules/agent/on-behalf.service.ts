import { Injectable } from '@nestjs/common';
import { AuditService } from '../audit';
import { type Actor, isOnBehalf, SessionWriter, type SignedInActor } from '../session';
import { UsersService } from '../users';
import { AgentErrorCode, AgentException } from './agent.exception';
import { AgentRepository } from './agent.repository';
import { StaffScope } from './staff-scope';
import type { UserEntity } from '../users';

/**
 * Purchasing on a customer's behalf: the session becomes the customer's (userId, userEmail)
 * while keeping the staff member's role and producerId and their own id and e-mail. Both
 * starting and stopping give the session a new id (SessionWriter).
 */
@Injectable()
export class OnBehalfService {
  constructor(
    private readonly users: UsersService,
    private readonly agents: AgentRepository,
    private readonly audit: AuditService,
    private readonly sessions: SessionWriter,
  ) {}

  async start(actor: SignedInActor, email: string): Promise<void> {
    if (isOnBehalf(actor)) throw new AgentException(AgentErrorCode.AlreadyOnBehalf);
    const existing = await this.users.findByEmail(email.trim());
    if (existing && existing.role !== 'customer') throw new AgentException(AgentErrorCode.StaffCustomer);
    const scope = StaffScope.of(actor);
    if (existing && scope.producerId !== null) await this.ensureInReach(existing, scope.producerId);
    // The agent of record is set at the first sale (PurchaseService), not here: acting is not selling.
    const customer = existing ?? (await this.users.findOrCreateCustomer(email.trim(), actor.locale ?? 'en-US'));
    await this.sessions.beginOnBehalf(customer);
    await this.audit.record(actor, 'on-behalf.start', { target: customer.email, customer: { id: customer.id, email: customer.email } });
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

  async stop(actor: Actor): Promise<void> {
    if (!isOnBehalf(actor)) throw new AgentException(AgentErrorCode.NotOnBehalf);
    await this.audit.record(actor, 'on-behalf.stop', { target: actor.email });
    await this.sessions.endOnBehalf();
  }
}
