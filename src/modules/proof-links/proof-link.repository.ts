import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A link as kept (migrations/1795800000000-ProofLinks.ts): never its token, only the token's hash. */
export interface ProofLinkRow {
  id: string;
  policyId: string;
  vehicleIndex: number | null;
  createdByUserId: string;
  createdByEmail: string;
  onBehalf: boolean;
  createdAt: Date;
  expiresAt: Date;
  revokedAt: Date | null;
  viewCount: number;
  lastViewedAt: Date | null;
}

/** A live link found by its token's hash, with the policy's number and owner (for the audit). */
export interface FoundProofLink extends ProofLinkRow {
  policyNumber: string;
  ownerId: string;
  ownerEmail: string;
}

const COLUMNS = `l.id, l.policy_id AS "policyId", l.vehicle_index AS "vehicleIndex", l.created_by_user_id AS "createdByUserId",
  l.created_by_email AS "createdByEmail", l.on_behalf AS "onBehalf", l.created_at AS "createdAt", l.expires_at AS "expiresAt",
  l.revoked_at AS "revokedAt", l.view_count AS "viewCount", l.last_viewed_at AS "lastViewedAt"`;

/** The proof_links table: its one writer. */
@Injectable()
export class ProofLinkRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async insert(link: {
    policyId: string;
    vehicleIndex: number | null;
    tokenHash: Buffer;
    createdByUserId: string;
    createdByEmail: string;
    onBehalf: boolean;
    createdAt: Date;
    expiresAt: Date;
  }): Promise<ProofLinkRow> {
    const [row] = await this.txHost.tx.query<ProofLinkRow[]>(
      `INSERT INTO proof_links AS l (policy_id, vehicle_index, token_hash, created_by_user_id, created_by_email, on_behalf, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${COLUMNS}`,
      [link.policyId, link.vehicleIndex, link.tokenHash, link.createdByUserId, link.createdByEmail, link.onBehalf, link.createdAt, link.expiresAt],
    );
    return row;
  }

  /** The policy's links neither revoked nor expired at `now`, newest first. */
  live(policyId: string, now: Date): Promise<ProofLinkRow[]> {
    return this.txHost.tx.query<ProofLinkRow[]>(
      `SELECT ${COLUMNS} FROM proof_links l WHERE l.policy_id = $1 AND l.revoked_at IS NULL AND l.expires_at > $2 ORDER BY l.created_at DESC, l.id`,
      [policyId, now],
    );
  }

  /** How many of the policy's links are live, under a lock on the policy's links so two tabs cannot both pass the limit. */
  async countLiveLocked(policyId: string, now: Date): Promise<number> {
    await this.txHost.tx.query(`SELECT pg_advisory_xact_lock(hashtextextended('proof-links:' || $1, 0))`, [policyId]);
    const [{ count }] = await this.txHost.tx.query<{ count: number }[]>(
      `SELECT count(*)::int AS count FROM proof_links WHERE policy_id = $1 AND revoked_at IS NULL AND expires_at > $2`,
      [policyId, now],
    );
    return count;
  }

  /** Revokes the policy's live link `id` at `now`; undefined when there is no such live link of this policy. */
  async revoke(id: string, policyId: string, now: Date): Promise<ProofLinkRow | undefined> {
    const [[row]] = await this.txHost.tx.query<ChangedRows<ProofLinkRow>>(
      `UPDATE proof_links l SET revoked_at = $3 WHERE l.id = $1 AND l.policy_id = $2 AND l.revoked_at IS NULL AND l.expires_at > $3 RETURNING ${COLUMNS}`,
      [id, policyId, now],
    );
    return row;
  }

  /** The live link whose token has this hash, with its policy's number and owner; undefined for any other. */
  async findLive(tokenHash: Buffer, now: Date): Promise<FoundProofLink | undefined> {
    const [row] = await this.txHost.tx.query<FoundProofLink[]>(
      `SELECT ${COLUMNS}, p.number AS "policyNumber", p.user_id AS "ownerId", u.email AS "ownerEmail"
         FROM proof_links l JOIN policies p ON p.id = l.policy_id JOIN users u ON u.id = p.user_id
        WHERE l.token_hash = $1 AND l.revoked_at IS NULL AND l.expires_at > $2`,
      [tokenHash, now],
    );
    return row;
  }

  /** Counts a view of link `id` at `now`. */
  async countView(id: string, now: Date): Promise<void> {
    await this.txHost.tx.query(`UPDATE proof_links SET view_count = view_count + 1, last_viewed_at = $2 WHERE id = $1`, [id, now]);
  }
}
