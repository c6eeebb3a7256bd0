import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { UserEntity, type Role } from './user.entity';
import type { ChangedRows } from '../../database/changed-rows';
import type { Locale } from '../../shared/locale';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A staff account just deactivated (see `deactivateStaff`). */
export interface DeactivatedStaff {
  id: string;
  email: string;
  producerId: string | null;
}

@Injectable()
export class UserRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The users table through the open transaction's manager, or the DataSource's outside one. */
  private get users() {
    return this.txHost.tx.getRepository(UserEntity);
  }

  findById(id: string): Promise<UserEntity | null> {
    return this.users.findOneBy({ id });
  }

  findByEmail(email: string): Promise<UserEntity | null> {
    return this.users.createQueryBuilder('u').where('lower(u.email) = lower(:email)', { email }).getOne();
  }

  /** The user with this e-mail, created as a customer when new (a first sign-in). */
  async findOrCreateCustomer(email: string, locale: Locale): Promise<UserEntity> {
    await this.users.query(`INSERT INTO users (email, role, locale) VALUES ($1, 'customer', $2) ON CONFLICT (lower(email)) DO NOTHING`, [email, locale]);
    return (await this.findByEmail(email))!;
  }

  /**
   * The agent of record, set by the first sale an agent makes for the customer (in the sale's
   * transaction) and kept after: a later sale by someone else does not change it.
   */
  async assignProducerIfNone(id: string, producerId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE users SET served_by_producer_id = $2 WHERE id = $1 AND served_by_producer_id IS NULL`, [id, producerId]);
  }

  /**
   * The account's name from the policy it just bound (its first named insured), in the binding's
   * transaction, only when the account has none: a name the customer set is theirs (issue 15).
   */
  async nameIfNone(id: string, name: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE users SET name = $2 WHERE id = $1 AND (name IS NULL OR btrim(name) = '')`, [id, name]);
  }

  async recordSignIn(id: string, at: Date): Promise<void> {
    await this.users.update({ id }, { lastSignInAt: at });
  }

  /** What the customer may change of their account themselves (never the e-mail here). */
  async updateProfile(id: string, change: { name?: string | null; locale?: Locale }): Promise<UserEntity> {
    const fields: Partial<Pick<UserEntity, 'name' | 'locale'>> = {};
    if (change.name !== undefined) fields.name = change.name;
    if (change.locale !== undefined) fields.locale = change.locale;
    if (Object.keys(fields).length) await this.users.update({ id }, fields);
    return (await this.findById(id))!;
  }

  /** An agent's account, created or made an agent again (active), in the caller's transaction (the one adding their directory entry). */
  async upsertAgent(agent: { email: string; name: string; producerId: string }): Promise<{ id: string }> {
    const [user] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO users (email, name, role, producer_id) VALUES ($1, $2, 'agent', $3)
       ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name, role = 'agent', producer_id = EXCLUDED.producer_id, active = true
       RETURNING id`,
      [agent.email, agent.name, agent.producerId],
    );
    return user;
  }

  /**
   * Deactivates a staff account (agent or admin) by e-mail, in the caller's transaction: the
   * deactivated user, or undefined when no staff account has that e-mail.
   */
  async deactivateStaff(email: string): Promise<DeactivatedStaff | undefined> {
    const [rows] = await this.txHost.tx.query<ChangedRows<DeactivatedStaff>>(
      `UPDATE users SET active = false WHERE lower(email) = lower($1) AND role IN ('agent', 'admin') RETURNING id, email, producer_id AS "producerId"`,
      [email],
    );
    return rows[0];
  }

  /**
   * De-identifies a deleted customer's account in the caller's transaction (issue 27): the e-mail
   * becomes a tombstone no mail reaches (deleted-<id>@invalid) and the name is cleared; the row
   * stays, so the insurance records kept still name their account. Undefined for no such customer.
   */
  async tombstoneCustomer(id: string): Promise<{ id: string; email: string } | undefined> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string; email: string }>>(
      `UPDATE users SET email = 'deleted-' || id || '@invalid', name = NULL WHERE id = $1 AND role = 'customer' RETURNING id, email`,
      [id],
    );
    return rows[0];
  }

  /** An agent's account takes their new producer number, in the caller's transaction (the directory's rename). */
  async setProducerId(id: string, producerId: string): Promise<void> {
    await this.txHost.tx.query(`UPDATE users SET producer_id = $2 WHERE id = $1 AND role = 'agent'`, [id, producerId]);
  }

  /** An admin's account, created or made an admin again (active), in the caller's transaction. */
  async upsertAdmin(admin: { email: string; name: string }): Promise<{ id: string }> {
    const [user] = await this.txHost.tx.query<{ id: string }[]>(
      `INSERT INTO users (email, name, role) VALUES ($1, $2, 'admin')
       ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name, role = 'admin', producer_id = NULL, active = true
       RETURNING id`,
      [admin.email, admin.name],
    );
    return user;
  }

  /** Seeds and tools: create or update a user with a role. */
  async upsert(user: { email: string; name?: string; role: Role; producerId?: string; locale?: Locale }): Promise<UserEntity> {
    await this.users.query(
      `INSERT INTO users (email, name, role, producer_id, locale) VALUES ($1, $2, $3, $4, $5)
       ON CONFLICT (lower(email)) DO UPDATE SET name = EXCLUDED.name, role = EXCLUDED.role, producer_id = EXCLUDED.producer_id, active = true`,
      [user.email, user.name ?? null, user.role, user.producerId ?? null, user.locale ?? 'en-US'],
    );
    return (await this.findByEmail(user.email))!;
  }
}
