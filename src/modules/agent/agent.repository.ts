import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

/** What a customer has with us that an agent did not start (see `businessNotOf`). */
export interface OtherBusiness {
  otherAgent: boolean;
  notAgents: boolean;
}

export interface AgentDetails {
  producerId: string;
  userId: string;
  name: string;
  email: string;
  phone: string;
  licenseNumber: string;
  licensedStates: string[];
  active: boolean;
}

const COLUMNS = `producer_id AS "producerId", user_id AS "userId", name, email, phone,
  license_number AS "licenseNumber", licensed_states AS "licensedStates", active`;

/** The agent directory. */
@Injectable()
export class AgentRepository {
  constructor(private readonly dataSource: DataSource) {}

  async findByProducerId(producerId: string): Promise<AgentDetails | undefined> {
    const [row] = await this.dataSource.query<AgentDetails[]>(`SELECT ${COLUMNS} FROM agents WHERE producer_id = $1`, [producerId]);
    return row;
  }

  /**
   * What a customer already has with us that this agent did not start: work of another agent
   * (a quote or policy naming another producer), and the customer's own or the house's (a
   * quote or policy naming no producer, or a card they saved).
   */
  async businessNotOf(customerId: string, producerId: string): Promise<OtherBusiness> {
    const [row] = await this.dataSource.query<OtherBusiness[]>(
      `SELECT EXISTS (SELECT 1 FROM policies WHERE user_id = $1 AND producer_id <> $2)
           OR EXISTS (SELECT 1 FROM quotes WHERE user_id = $1 AND producer_id <> $2) AS "otherAgent",
              EXISTS (SELECT 1 FROM policies WHERE user_id = $1 AND producer_id IS NULL)
           OR EXISTS (SELECT 1 FROM quotes WHERE user_id = $1 AND producer_id IS NULL)
           OR EXISTS (SELECT 1 FROM payment_methods WHERE user_id = $1) AS "notAgents"`,
      [customerId, producerId],
    );
    return row;
  }

  /** Adds an agent's directory entry for their user account, or updates it (active again), in the caller's transaction. */
  async upsert(agent: Omit<AgentDetails, 'userId' | 'active'>, userId: string, manager: EntityManager): Promise<AgentDetails> {
    const [row] = await manager.query<AgentDetails[]>(
      `INSERT INTO agents (producer_id, user_id, name, email, phone, license_number, licensed_states)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (producer_id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name, email = EXCLUDED.email,
         phone = EXCLUDED.phone, license_number = EXCLUDED.license_number, licensed_states = EXCLUDED.licensed_states, active = true
       RETURNING ${COLUMNS}`,
      [agent.producerId, userId, agent.name, agent.email, agent.phone, agent.licenseNumber, agent.licensedStates],
    );
    return row;
  }

  /** Takes a deactivated agent out of the directory, in the caller's transaction (the account's). */
  async deactivate(producerId: string, manager: EntityManager): Promise<void> {
    await manager.query(`UPDATE agents SET active = false WHERE producer_id = $1`, [producerId]);
  }
}
