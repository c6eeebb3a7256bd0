import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';
import { SessionAdmin } from '../session';
import { UsersService } from '../users';
import { AgentRepository, type AgentDetails, type StaffAccount } from './agent.repository';
import { StaffErrorCode, StaffException } from './staff.exception';

export type NewAgent = Omit<AgentDetails, 'userId' | 'active'>;

/**
 * Adding staff writes two tables in one transaction, each through its owner: their account
 * (users, the users module's) and an agent's directory entry (agents, this module's).
 */
@Injectable()
export class StaffEnrolment {
  constructor(private readonly dataSource: DataSource) {}

  /** Marks an agent's directory entry inactive, in the caller's transaction (StaffDeactivation, which ends the account). */
  deactivateAgent(producerId: string, manager: EntityManager): Promise<void> {
    return new AgentRepository(this.dataSource).deactivate(producerId, manager);
  }

  /** Adds an agent (their user account with role agent, and their directory entry), or updates one. */
  addAgent(agent: NewAgent): Promise<AgentDetails> {
    return this.dataSource.transaction(async (manager) => {
      const user = await UsersService.over(this.dataSource).upsertAgent(agent, manager);
      return new AgentRepository(this.dataSource).upsert(agent, user.id, manager);
    });
  }

  /** Every staff account, for the admin screen. */
  list(): Promise<StaffAccount[]> {
    return new AgentRepository(this.dataSource).listStaff();
  }

  /**
   * The admin screen's "add": an agent or an admin, new, or the same role again (re-activated).
   * Refused for a customer who has business with us, staff of the other role, and a producer
   * number another agent holds.
   */
  async addStaff(staff: { role: 'admin'; email: string; name: string } | ({ role: 'agent' } & NewAgent)): Promise<StaffAccount> {
    const agents = new AgentRepository(this.dataSource);
    const existing = await agents.accountByEmail(staff.email);
    if (existing?.role === 'customer' && existing.hasBusiness) throw new StaffException(StaffErrorCode.EmailIsCustomer);
    if (existing && existing.role !== 'customer' && existing.role !== staff.role) throw new StaffException(StaffErrorCode.EmailIsOtherStaff);
    if (staff.role === 'admin') {
      await this.dataSource.transaction((manager) => UsersService.over(this.dataSource).upsertAdmin(staff, manager));
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
    const agents = new AgentRepository(this.dataSource);
    const renamed = licence.producerId !== account.producerId;
    if (renamed && (await agents.findByProducerId(licence.producerId))) throw new StaffException(StaffErrorCode.ProducerIdTaken);
    await this.dataSource.transaction(async (manager) => {
      if (renamed && (await agents.producerHasBusiness(account.producerId!, manager))) throw new StaffException(StaffErrorCode.ProducerIdInUse);
      await agents.setLicence(account.producerId!, licence, manager);
      if (!renamed) return;
      await UsersService.over(this.dataSource).setProducerId(userId, licence.producerId, manager);
      await SessionAdmin.over(this.dataSource).revoke({ userId, email: account.email }, manager);
    });
    return (await this.list()).find((staff) => staff.userId === userId)!;
  }
}
