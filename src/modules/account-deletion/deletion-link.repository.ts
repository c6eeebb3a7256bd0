import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { PolicyRow } from '../policy';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A link as kept (migrations/1795860000000-AccountDeletionLinks.ts): never its token. */
export interface DeletionLinkRow {
  id: string;
  requestId: string;
  userId: string;
  onBehalf: boolean;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
}

const COLUMNS = `l.id, l.request_id AS "requestId", l.user_id AS "userId", l.on_behalf AS "onBehalf", l.created_at AS "createdAt",
  l.expires_at AS "expiresAt", l.used_at AS "usedAt", l.voided_at AS "voidedAt"`;

/** What may stop a deletion today, read from the tables that hold it (their modules write them). */
export interface BlockerFacts {
  policies: (Pick<PolicyRow, 'id' | 'number' | 'status' | 'state' | 'termEndDate' | 'cancellationDate'> & {
    /** Whether it was ever bound (a policy cancelled before it was confirmed was never billed). */
    bound: boolean;
    /** Its latest statement's last day and whether that one is settled (paid, refunded, or a zero credit); null before any. */
    billedTo: string | null;
    lastSettled: boolean | null;
  })[];
  unpaid: { policyId: string; number: string }[];
  openClaims: { number: string; policyId: string }[];
  openDisputes: { policyId: string; number: string }[];
}

/** The account_deletion_links table: its one writer; and the reads that decide whether an account can go. */
@Injectable()
export class DeletionLinkRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** A new link for the user, every earlier live one of theirs voided (the newest e-mail is the one that works). */
  async replace(link: { requestId: string; userId: string; tokenHash: Buffer; onBehalf: boolean; createdAt: Date; expiresAt: Date }): Promise<DeletionLinkRow> {
    await this.voidLive(link.userId, link.createdAt);
    const [row] = await this.txHost.tx.query<DeletionLinkRow[]>(
      `INSERT INTO account_deletion_links AS l (request_id, user_id, token_hash, on_behalf, created_at, expires_at)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING ${COLUMNS}`,
      [link.requestId, link.userId, link.tokenHash, link.onBehalf, link.createdAt, link.expiresAt],
    );
    return row;
  }

  /** The link of this token's hash, whatever its state; `lock`: held until the transaction ends (two confirms at once run one after the other). */
  async findByHash(tokenHash: Buffer, lock = false): Promise<DeletionLinkRow | undefined> {
    const [row] = await this.txHost.tx.query<DeletionLinkRow[]>(
      `SELECT ${COLUMNS} FROM account_deletion_links l WHERE l.token_hash = $1${lock ? ' FOR UPDATE' : ''}`,
      [tokenHash],
    );
    return row;
  }

  async markUsed(id: string, at: Date): Promise<void> {
    await this.txHost.tx.query(`UPDATE account_deletion_links SET used_at = $2 WHERE id = $1 AND used_at IS NULL`, [id, at]);
  }

  async voidLive(userId: string, at: Date): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(
      `UPDATE account_deletion_links SET voided_at = $2 WHERE user_id = $1 AND used_at IS NULL AND voided_at IS NULL`,
      [userId, at],
    );
    return count;
  }

  /** The facts the deletion rules read (docs/decisions.md, "Issue 27: deleting an account"). */
  async blockerFacts(userId: string): Promise<BlockerFacts> {
    // One after the other: inside the deletion's transaction they share one connection.
    const tx = this.txHost.tx;
    const policies = await tx.query<BlockerFacts['policies']>(
      `SELECT p.id, p.number, p.status, p.state, to_char(p.term_end_date, 'YYYY-MM-DD') AS "termEndDate",
                to_char(p.cancellation_date, 'YYYY-MM-DD') AS "cancellationDate", p.bound_at IS NOT NULL AS bound,
                to_char(s.period_end, 'YYYY-MM-DD') AS "billedTo",
                CASE WHEN s.id IS NULL THEN NULL ELSE s.status IN ('paid', 'refunded') OR (s.status = 'credit' AND s.total_cents = 0) END AS "lastSettled"
           FROM policies p
           LEFT JOIN LATERAL (SELECT * FROM statements WHERE policy_id = p.id ORDER BY period_end DESC LIMIT 1) s ON true
          WHERE p.user_id = $1 ORDER BY p.created_at`,
      [userId],
    );
    const unpaid = await tx.query<BlockerFacts['unpaid']>(
      `SELECT DISTINCT p.id AS "policyId", p.number FROM statements s JOIN policies p ON p.id = s.policy_id
          WHERE p.user_id = $1 AND s.status IN ('due', 'charging', 'failed') ORDER BY p.number`,
      [userId],
    );
    const openClaims = await tx.query<BlockerFacts['openClaims']>(
      `SELECT number, policy_id AS "policyId" FROM claims WHERE user_id = $1 AND status IN ('reported', 'under_review', 'approved') ORDER BY created_at`,
      [userId],
    );
    const openDisputes = await tx.query<BlockerFacts['openDisputes']>(
      `SELECT DISTINCT p.id AS "policyId", p.number FROM mile_disputes d JOIN policies p ON p.id = d.policy_id
          WHERE p.user_id = $1 AND d.status = 'open' ORDER BY p.number`,
      [userId],
    );
    return { policies, unpaid, openClaims, openDisputes };
  }

  /** The analytics ids the account's cookie decisions name (the records stay: append-only proof of consent). */
  async consentAnonymousIds(userId: string): Promise<string[]> {
    const rows = await this.txHost.tx.query<{ id: string }[]>(
      `SELECT DISTINCT anonymous_id::text AS id FROM consent_records WHERE user_id = $1 AND anonymous_id IS NOT NULL`,
      [userId],
    );
    return rows.map((r) => r.id);
  }

  /** What a deletion keeps, counted for the request's outcome note. */
  async keptCounts(userId: string): Promise<{ policies: number; claims: number; charges: number; statements: number }> {
    const [row] = await this.txHost.tx.query<{ policies: number; claims: number; charges: number; statements: number }[]>(
      `SELECT (SELECT count(*)::int FROM policies WHERE user_id = $1) AS policies,
              (SELECT count(*)::int FROM claims WHERE user_id = $1) AS claims,
              (SELECT count(*)::int FROM payment_charges WHERE user_id = $1) AS charges,
              (SELECT count(*)::int FROM statements s JOIN policies p ON p.id = s.policy_id WHERE p.user_id = $1) AS statements`,
      [userId],
    );
    return row;
  }
}
