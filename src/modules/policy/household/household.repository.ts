import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../../database/changed-rows';
import type { HouseholdRole } from '../../../shared/policy/household-model';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** An invitation or membership as kept (migrations/1795830000000-Household.ts): never its token, only the token's hash. */
export interface HouseholdRow {
  id: string;
  policyId: string;
  name: string;
  email: string;
  role: HouseholdRole;
  locale: string;
  invitedByUserId: string;
  onBehalf: boolean;
  createdAt: Date;
  expiresAt: Date;
  memberUserId: string | null;
  acceptedAt: Date | null;
  removedAt: Date | null;
  removedHow: 'revoked' | 'left' | null;
}

const COLUMNS = `h.id, h.policy_id AS "policyId", h.name, h.email, h.role, h.locale, h.invited_by_user_id AS "invitedByUserId",
  h.on_behalf AS "onBehalf", h.created_at AS "createdAt", h.expires_at AS "expiresAt", h.member_user_id AS "memberUserId",
  h.accepted_at AS "acceptedAt", h.removed_at AS "removedAt", h.removed_how AS "removedHow"`;

/** The household_members table: its one writer. */
@Injectable()
export class HouseholdRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(row: {
    policyId: string;
    name: string;
    email: string;
    role: HouseholdRole;
    locale: string;
    tokenHash: Buffer;
    invitedByUserId: string;
    invitedByEmail: string;
    onBehalf: boolean;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<HouseholdRow> {
    const [inserted] = await this.txHost.tx.query<HouseholdRow[]>(
      `INSERT INTO household_members AS h (policy_id, name, email, role, locale, token_hash, invited_by_user_id, invited_by_email, on_behalf, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11) RETURNING ${COLUMNS}`,
      [
        row.policyId,
        row.name,
        row.email,
        row.role,
        row.locale,
        row.tokenHash,
        row.invitedByUserId,
        row.invitedByEmail,
        row.onBehalf,
        row.createdAt,
        row.expiresAt,
      ],
    );
    return inserted;
  }

  /** The live role of a member on a policy (accepted, not removed). */
  async roleOf(policyId: string, userId: string): Promise<HouseholdRole | undefined> {
    const [row] = await this.txHost.tx.query<{ role: HouseholdRole }[]>(
      `SELECT role FROM household_members WHERE policy_id = $1 AND member_user_id = $2 AND removed_at IS NULL`,
      [policyId, userId],
    );
    return row?.role;
  }

  /** Every invitation and membership of the policy, newest first. */
  listForPolicy(policyId: string): Promise<HouseholdRow[]> {
    return this.txHost.tx.query<HouseholdRow[]>(`SELECT ${COLUMNS} FROM household_members h WHERE h.policy_id = $1 ORDER BY h.created_at DESC, h.id`, [
      policyId,
    ]);
  }

  /** The policy's invitations still open at `now` and its live memberships, counted under the policy's household lock (held to the transaction's end). */
  async countLiveLocked(policyId: string, now: Date): Promise<number> {
    await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtext('household:' || $1::text))`, [policyId]);
    const [row] = await this.txHost.tx.query<{ n: number }[]>(
      `SELECT count(*)::int AS n FROM household_members WHERE policy_id = $1 AND removed_at IS NULL AND (accepted_at IS NOT NULL OR expires_at > $2)`,
      [policyId, now],
    );
    return row.n;
  }

  /** The live invitation or membership of `email` on the policy (an open invitation, or accepted and not removed). */
  async liveForEmail(policyId: string, email: string, now: Date): Promise<HouseholdRow | undefined> {
    const [row] = await this.txHost.tx.query<HouseholdRow[]>(
      `SELECT ${COLUMNS} FROM household_members h
        WHERE h.policy_id = $1 AND h.email = $2 AND h.removed_at IS NULL AND (h.accepted_at IS NOT NULL OR h.expires_at > $3)`,
      [policyId, email, now],
    );
    return row;
  }

  /** The memberships of a user that stand (accepted, not removed), newest first. */
  listForMember(userId: string): Promise<HouseholdRow[]> {
    return this.txHost.tx.query<HouseholdRow[]>(
      `SELECT ${COLUMNS} FROM household_members h WHERE h.member_user_id = $1 AND h.removed_at IS NULL ORDER BY h.accepted_at DESC, h.id`,
      [userId],
    );
  }

  /** Invitations to `email` still open at `now`. */
  openForEmail(email: string, now: Date): Promise<HouseholdRow[]> {
    return this.txHost.tx.query<HouseholdRow[]>(
      `SELECT ${COLUMNS} FROM household_members h
        WHERE h.email = $1 AND h.accepted_at IS NULL AND h.removed_at IS NULL AND h.expires_at > $2 ORDER BY h.created_at DESC, h.id`,
      [email, now],
    );
  }

  async findByTokenHash(hash: Buffer): Promise<HouseholdRow | undefined> {
    const [row] = await this.txHost.tx.query<HouseholdRow[]>(`SELECT ${COLUMNS} FROM household_members h WHERE h.token_hash = $1`, [hash]);
    return row;
  }

  async findById(id: string): Promise<HouseholdRow | undefined> {
    const [row] = await this.txHost.tx.query<HouseholdRow[]>(`SELECT ${COLUMNS} FROM household_members h WHERE h.id = $1`, [id]);
    return row;
  }

  /** Accepts an open invitation once: undefined when it was accepted, removed or expired meanwhile. */
  async accept(id: string, userId: string, now: Date): Promise<HouseholdRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<HouseholdRow>>(
      `UPDATE household_members h SET member_user_id = $2, accepted_at = $3
        WHERE h.id = $1 AND h.accepted_at IS NULL AND h.removed_at IS NULL AND h.expires_at > $3
          AND NOT EXISTS (SELECT 1 FROM household_members o WHERE o.policy_id = h.policy_id AND o.member_user_id = $2 AND o.removed_at IS NULL)
        RETURNING ${COLUMNS}`,
      [id, userId, now],
    );
    return row;
  }

  /** The row, locked to the transaction's end: a role change reads the role it replaces and writes the new one with no change between. */
  async findByIdLocked(id: string): Promise<HouseholdRow | undefined> {
    const [row] = await this.txHost.tx.query<HouseholdRow[]>(`SELECT ${COLUMNS} FROM household_members h WHERE h.id = $1 FOR UPDATE`, [id]);
    return row;
  }

  async setRole(id: string, role: HouseholdRole): Promise<HouseholdRow> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<HouseholdRow>>(`UPDATE household_members h SET role = $2 WHERE h.id = $1 RETURNING ${COLUMNS}`, [
      id,
      role,
    ]);
    return row;
  }

  /** Removes an invitation or membership that stands: undefined when it was removed already. */
  async remove(id: string, how: 'revoked' | 'left', now: Date): Promise<HouseholdRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<HouseholdRow>>(
      `UPDATE household_members h SET removed_at = $3, removed_how = $2 WHERE h.id = $1 AND h.removed_at IS NULL RETURNING ${COLUMNS}`,
      [id, how, now],
    );
    return row;
  }
}
