import { Injectable } from '@nestjs/common';
import { DataSource, type EntityManager } from 'typeorm';

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
    const [row] = await this.dataSource.query(`SELECT ${COLUMNS} FROM agents WHERE producer_id = $1`, [producerId]);
    return row;
  }

  /**
   * What a customer already has with us that this agent did not start: work of another agent
   * (a quote or policy naming another producer), and the customer's own or the house's (a
   * quote or policy naming no producer, or a card they saved).
   */
  async businessNotOf(customerId: string, producerId: string): Promise<{ otherAgent: boolean; notAgents: boolean }> {
    const [row] = await this.dataSource.query(
      `SELECT EXISTS (SELECT 1 FROM policies WHERE user_id = $1 AND producer_id <> $2)
           OR EXISTS (SELECT 1 FROM quotes WHERE user_id = $1 AND producer_id <> $2) AS "otherAgent",
              EXISTS (SELECT 1 FROM policies WHERE user_id = $1 AND producer_id IS NULL)
           OR EXISTS (SELECT 1 FROM quotes WHERE user_id = $1 AND producer_id IS NULL)
           OR EXISTS (SELECT 1 FROM payment_methods WHERE user_id = $1) AS "notAgents"`,
      [customerId, producerId],
    );
    return row;
  }

  /** Adds an agent (their user account with role agent, and their directory entry), or updates one. */
  async upsert(agent: Omit<AgentDetails, 'userId' | 'active'>): Promise<AgentDetails> {
    return this.dataSource.transaction(async (manager) => {
      const [user] = await manager.query(
        `INSERT INTO users (email, name, role, producer_id) VALUES ($1, $2, 'agent', $3)
         ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name, role = 'agent', producer_id = EXCLUDED.producer_id, active = true
         RETURNING id`,
        [agent.email, agent.name, agent.producerId],
      );
      const [row] = await manager.query(
        `INSERT INTO agents (producer_id, user_id, name, email, phone, license_number, licensed_states)
         VALUES ($1, $2, $3, $4, $5, $6, $7)
         ON CONFLICT (producer_id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name, email = EXCLUDED.email,
           phone = EXCLUDED.phone, license_number = EXCLUDED.license_number, licensed_states = EXCLUDED.licensed_states, active = true
         RETURNING ${COLUMNS}`,
        [agent.producerId, user.id, agent.name, agent.email, agent.phone, agent.licenseNumber, agent.licensedStates],
      );
      return row;
    });
  }

  /**
   * Deactivates a staff account (agent or admin) by e-mail, in the caller's transaction: the
   * deactivated user, or undefined when no staff account has that e-mail.
   */
  async deactivate(email: string, manager: EntityManager): Promise<{ id: string; email: string } | undefined> {
    const [rows] = await manager.query(
      `UPDATE users SET active = false WHERE lower(email) = lower($1) AND role IN ('agent', 'admin') RETURNING id, email, producer_id AS "producerId"`,
      [email],
    );
    if (rows.length === 0) return undefined;
    if (rows[0].producerId) await manager.query(`UPDATE agents SET active = false WHERE producer_id = $1`, [rows[0].producerId]);
    return { id: rows[0].id, email: rows[0].email };
  }
}
