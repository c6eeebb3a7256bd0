import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import { UsersService } from '../users/users.service';
import { AgentRepository, type AgentDetails } from './agent.repository';

/**
 * Adding an agent writes two tables in one transaction, each through its owner: their account
 * (users, the users module's) and their directory entry (agents, this module's).
 */
@Injectable()
export class StaffEnrolment {
  constructor(private readonly dataSource: DataSource) {}

  /** Adds an agent (their user account with role agent, and their directory entry), or updates one. */
  addAgent(agent: Omit<AgentDetails, 'userId' | 'active'>): Promise<AgentDetails> {
    return this.dataSource.transaction(async (manager) => {
      const user = await UsersService.over(this.dataSource).upsertAgent(agent, manager);
      return new AgentRepository(this.dataSource).upsert(agent, user.id, manager);
    });
  }
}
