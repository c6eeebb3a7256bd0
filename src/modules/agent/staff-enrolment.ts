import { Injectable, Module } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { SessionAdmin, SessionAdminModule } from '../session';
import { UsersModule, UsersService } from '../users';
import { AgentRepository, type AgentDetails, type StaffAccount } from './agent.repository';
import { StaffErrorCode, StaffException } from './staff.exception';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export type NewAgent = Omit<AgentDetails, 'userId' | 'active'>;

/**
 * Adding staff writes two tables in one transaction, each through its owner: their account
 * (users, the users module's) and an agent's directory entry (agents, this module's).
 */
@Injectable()
export class StaffEnrolment {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly agents: AgentRepository,
    private readonly users: UsersService,
    private readonly sessions: SessionAdmin,
  ) {}

  /** Marks an agent's directory entry inactive, in the caller's transaction (StaffDeactivation, which ends the account). */
  deactivateAgent(producerId: string): Promise<void> {
    return this.agents.deactivate(producerId);
  }

  /** Adds an agent (their user account with role agent, and their directory entry), or updates one. */
  addAgent(agent: NewAgent): Promise<AgentDetails> {
    return this.txHost.withTransaction(async () => {
      const user = await this.users.upsertAgent(agent);
      return this.agents.upsert(agent, user.id);
    });
  }

  /** Every staff account, for the admin screen. */
  list(): Promise<StaffAccount[]> {
    return this.agents.listStaff();
  }

  /**
   * The admin screen's "add": an agent or an admin, new, or the same role again (re-activated).
   * Refused for a customer who has business with us, staff of the other role, and a producer
   * number another agent holds.
   */
  async addStaff(staff: { role: 'admin'; email: string; name: string } | ({ role: 'agent' } & NewAgent)): Promise<StaffAccount> {
    const agents = this.agents;
    const existing = await agents.accountByEmail(staff.email);
    if (existing?.role === 'customer' && existing.hasBusiness) throw new StaffException(StaffErrorCode.EmailIsCustomer);
    if (existing && existing.role !== 'customer' && existing.role !== staff.role) throw new StaffException(StaffErrorCode.EmailIsOtherStaff);
    if (staff.role === 'admin') {
      await this.txHost.withTransaction(() => this.users.upsertAdmin(staff));
    } else {
      const holder = await agents.findByProducerId(staff.producerId);
      if (holder && holder.userId !== existing?.userId) throw new StaffException(StaffErrorCode.ProducerIdTaken);
      if (existing?.producerId && existing.producerId !== staff.producerId) {
        await this.setLicence(existing.userId, staff);
      }
      await this.addAgent(staff);
    }
    return (await this.list()).find((account) => account.email.toLowerCase() === staff.email.toLowerCase())!;
  }

  /**
   * An agent's licensed states and producer number. The number changes only while nothing names
   * it (a quote, a policy, a customer served), and the agent's sessions end then, since they
   * carry the old number.
   */
  async setLicence(userId: string, licence: { producerId: string; licensedStates: string[] }): Promise<StaffAccount> {
    const account = (await this.list()).find((staff) => staff.userId === userId);
    if (!account) throw new StaffException(StaffErrorCode.StaffNotFound);
    if (account.role !== 'agent' || !account.producerId) throw new StaffException(StaffErrorCode.NotAnAgent);
    const agents = this.agents;
    const renamed = licence.producerId !== account.producerId;
    if (renamed && (await agents.findByProducerId(licence.producerId))) throw new StaffException(StaffErrorCode.ProducerIdTaken);
    await this.txHost.withTransaction(async () => {
      if (renamed && (await agents.producerHasBusiness(account.producerId!))) throw new StaffException(StaffErrorCode.ProducerIdInUse);
      await agents.setLicence(account.producerId!, licence);
      if (!renamed) return;
      await this.users.setProducerId(userId, licence.producerId);
      await this.sessions.revoke({ userId, email: account.email });
    });
    return (await this.list()).find((staff) => staff.userId === userId)!;
  }
}

/** StaffEnrolment with what it needs and no more: for staff deactivation and scripts/staff.ts, built the same way as in the server. */
@Module({ imports: [SessionAdminModule, UsersModule], providers: [AgentRepository, StaffEnrolment], exports: [StaffEnrolment] })
export class StaffEnrolmentModule {}
