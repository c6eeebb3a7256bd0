import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { Locale } from '../../shared/locale';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export type CodePurpose = 'web' | 'app';

export interface SignInCodeRow {
  id: string;
  email: string;
  userId: string | null;
  redirectPath: string | null;
  quoteId: string | null;
  locale: Locale;
  expiresAt: Date;
  usedAt: Date | null;
  voidedAt: Date | null;
}

export type ConsumeOutcome = { ok: true; code: SignInCodeRow } | { ok: false; reason: 'unknown' | 'expired' | 'used' | 'superseded' };

const COLUMNS = `id, email, user_id AS "userId", redirect_path AS "redirectPath", quote_id AS "quoteId", locale,
  expires_at AS "expiresAt", used_at AS "usedAt", voided_at AS "voidedAt"`;

@Injectable()
export class SignInCodeRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /**
   * Stores a new code for an e-mail and voids that e-mail's older unused codes of the same
   * purpose, in one transaction: a newer link always supersedes the older ones.
   */
  async issue(input: {
    hash: Buffer;
    purpose: CodePurpose;
    email: string;
    userId?: string;
    redirectPath?: string;
    quoteId?: string;
    locale: Locale;
    now: Date;
    expiresAt: Date;
    voided?: boolean;
  }): Promise<string> {
    return this.txHost.withTransaction(async () => {
      if (!input.voided) {
        await this.txHost.tx.query(
          `UPDATE sign_in_codes SET voided_at = $3
            WHERE lower(email) = lower($1) AND purpose = $2 AND used_at IS NULL AND voided_at IS NULL`,
          [input.email, input.purpose, input.now],
        );
      }
      const [row] = await this.txHost.tx.query<{ id: string }[]>(
        `INSERT INTO sign_in_codes (code_hash, purpose, email, user_id, redirect_path, locale, created_at, expires_at, voided_at, quote_id)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10) RETURNING id`,
        [
          input.hash,
          input.purpose,
          input.email,
          input.userId ?? null,
          input.redirectPath ?? null,
          input.locale,
          input.now,
          input.expiresAt,
          input.voided ? input.now : null,
          input.quoteId ?? null,
        ],
      );
      return row.id;
    });
  }

  /** Uses a code atomically: of any number of concurrent calls, exactly one succeeds. */
  async consume(hash: Buffer, now: Date): Promise<ConsumeOutcome> {
    // TypeORM answers an UPDATE with [rows, count].
    const [[used]] = await this.txHost.tx.query<ChangedRows<SignInCodeRow>>(
      `UPDATE sign_in_codes SET used_at = $2
        WHERE code_hash = $1 AND used_at IS NULL AND voided_at IS NULL AND expires_at > $2
        RETURNING ${COLUMNS}`,
      [hash, now],
    );
    if (used) return { ok: true, code: used };
    const [found] = await this.txHost.tx.query<SignInCodeRow[]>(`SELECT ${COLUMNS} FROM sign_in_codes WHERE code_hash = $1`, [hash]);
    if (!found) return { ok: false, reason: 'unknown' };
    if (found.usedAt) return { ok: false, reason: 'used' };
    if (found.voidedAt) return { ok: false, reason: 'superseded' };
    return { ok: false, reason: 'expired' };
  }

  async isOpen(id: string, now: Date): Promise<boolean> {
    const [row] = await this.txHost.tx.query<unknown[]>(
      `SELECT 1 FROM sign_in_codes WHERE id = $1 AND used_at IS NULL AND voided_at IS NULL AND expires_at > $2`,
      [id, now],
    );
    return Boolean(row);
  }

  /** Voids every open code of a user (by account or e-mail), in the caller's transaction: how many. */
  /** The user's sign-ins by link: each code used, oldest first (what "download my data" lists; never a code's hash). */
  signInsOf(user: { id: string; email: string }): Promise<{ purpose: CodePurpose; requestedAt: Date; usedAt: Date }[]> {
    // A link asked for before the account existed names only its e-mail.
    return this.txHost.tx.query(
      `SELECT purpose, created_at AS "requestedAt", used_at AS "usedAt" FROM sign_in_codes
        WHERE (user_id = $1 OR (user_id IS NULL AND lower(email) = lower($2))) AND used_at IS NOT NULL ORDER BY used_at, id`,
      [user.id, user.email],
    );
  }

  async voidAllFor(user: { id: string; email: string }, now: Date): Promise<number> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ id: string }>>(
      `UPDATE sign_in_codes SET voided_at = $3
        WHERE (user_id = $1 OR lower(email) = lower($2)) AND used_at IS NULL AND voided_at IS NULL AND expires_at > $3 RETURNING id`,
      [user.id, user.email, now],
    );
    return rows.length;
  }

  /** Erases every code of a deleted account (issue 27), used or not, in the caller's transaction. */
  async eraseAllFor(user: { id: string; email: string }): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(`DELETE FROM sign_in_codes WHERE user_id = $1 OR lower(email) = lower($2)`, [
      user.id,
      user.email,
    ]);
    return count;
  }

  /** Drops codes that expired more than a day ago (kept that long to tell "expired" apart). */
  async prune(now: Date): Promise<void> {
    await this.txHost.tx.query(`DELETE FROM sign_in_codes WHERE expires_at < $1`, [new Date(now.getTime() - 24 * 3600 * 1000)]);
  }
}
