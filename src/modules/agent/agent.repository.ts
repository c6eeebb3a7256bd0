import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

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

/** A staff account as the admin screen lists it. */
export interface StaffAccount {
  userId: string;
  email: string;
  name: string | null;
  role: 'agent' | 'admin';
  active: boolean;
  lastSignInAt: Date | null;
  producerId: string | null;
  phone: string | null;
  licenseNumber: string | null;
  licensedStates: string[];
}

/** An account found by e-mail before staff are added with it. */
export interface ExistingAccount {
  userId: string;
  role: 'customer' | 'agent' | 'admin';
  producerId: string | null;
  hasBusiness: boolean;
}

const COLUMNS = `producer_id AS "producerId", user_id AS "userId", name, email, phone,
  license_number AS "licenseNumber", licensed_states AS "licensedStates", active`;

/** The agent directory. */
@Injectable()
export class AgentRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async findByProducerId(producerId: string): Promise<AgentDetails | undefined> {
    const [row] = await this.txHost.tx.query<AgentDetails[]>(`SELECT ${COLUMNS} FROM agents WHERE producer_id = $1`, [producerId]);
    return row;
  }

  /**
   * What a customer already has with us that this agent did not start: work of another agent
   * (a quote or policy naming another producer), and the customer's own or the house's (a
   * quote or policy naming no producer, or a card they saved).
   */
  async businessNotOf(customerId: string, producerId: string): Promise<OtherBusiness> {
    const [row] = await this.txHost.tx.query<OtherBusiness[]>(
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
  async upsert(agent: Omit<AgentDetails, 'userId' | 'active'>, userId: string): Promise<AgentDetails> {
    const [row] = await this.txHost.tx.query<AgentDetails[]>(
      `INSERT INTO agents (producer_id, user_id, name, email, phone, license_number, licensed_states)
       VALUES ($1, $2, $3, $4, $5, $6, $7)
       ON CONFLICT (producer_id) DO UPDATE SET user_id = EXCLUDED.user_id, name = EXCLUDED.name, email = EXCLUDED.email,
         phone = EXCLUDED.phone, license_number = EXCLUDED.license_number, licensed_states = EXCLUDED.licensed_states, active = true
       RETURNING ${COLUMNS}`,
      [agent.producerId, userId, agent.name, agent.email, agent.phone, agent.licenseNumber, agent.licensedStates],
    );
    return row;
  }

  /** Every staff account (agents and admins, active or not) with an agent's directory entry; admins first, then by e-mail. */
  listStaff(): Promise<StaffAccount[]> {
    return this.txHost.tx.query<StaffAccount[]>(
      `SELECT u.id AS "userId", u.email, coalesce(a.name, u.name) AS name, u.role, u.active, u.last_sign_in_at AS "lastSignInAt",
              a.producer_id AS "producerId", a.phone, a.license_number AS "licenseNumber", coalesce(a.licensed_states, '{}') AS "licensedStates"
         FROM users u LEFT JOIN agents a ON a.user_id = u.id
        WHERE u.role IN ('agent', 'admin') ORDER BY u.role DESC, lower(u.email)`,
    );
  }

  /** The account with this e-mail, whatever its role, and whether it has business with us as a customer. */
  async accountByEmail(email: string): Promise<ExistingAccount | undefined> {
    const [row] = await this.txHost.tx.query<ExistingAccount[]>(
      `SELECT u.id AS "userId", u.role, a.producer_id AS "producerId",
              EXISTS (SELECT 1 FROM policies WHERE user_id = u.id) OR EXISTS (SELECT 1 FROM quotes WHERE user_id = u.id)
              OR EXISTS (SELECT 1 FROM payment_methods WHERE user_id = u.id) AS "hasBusiness"
         FROM users u LEFT JOIN agents a ON a.user_id = u.id WHERE lower(u.email) = lower($1)`,
      [email],
    );
    return row;
  }

  /** Whether anything names the producer number: a quote, a policy, or a customer they serve. */
  async producerHasBusiness(producerId: string): Promise<boolean> {
    const [row] = await this.txHost.tx.query<{ used: boolean }[]>(
      `SELECT EXISTS (SELECT 1 FROM policies WHERE producer_id = $1) OR EXISTS (SELECT 1 FROM quotes WHERE producer_id = $1)
           OR EXISTS (SELECT 1 FROM users WHERE served_by_producer_id = $1) AS used`,
      [producerId],
    );
    return row.used;
  }

  /** Sets an agent's licensed states and, when it changes, producer number, in the caller's transaction. */
  async setLicence(oldProducerId: string, licence: { producerId: string; licensedStates: string[] }): Promise<void> {
    await this.txHost.tx.query(`UPDATE agents SET producer_id = $2, licensed_states = $3 WHERE producer_id = $1`, [
      oldProducerId,
      licence.producerId,
      licence.licensedStates,
    ]);
  }

  /** Takes a deactivated agent out of the directory, in the caller's transaction (the account's). */
  async deactivate(producerId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE agents SET active = false WHERE producer_id = $1`, [producerId]);
  }
}
