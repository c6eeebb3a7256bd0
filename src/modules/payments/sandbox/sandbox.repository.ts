import { randomBytes } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { DataSource } from 'typeorm';
import type { ChangedRows } from '../../../database/changed-rows';
import type { CardSummary } from '../payment-gateway';
import type { SandboxOutcome } from './test-cards';

export interface SandboxToken extends CardSummary {
  id: string;
  outcome: SandboxOutcome;
  fingerprint: string | null;
  customerRef: string | null;
  createdAt: Date;
}

export type SandboxChargeOutcome = 'succeeded' | Exclude<SandboxOutcome, 'approve'>;

export interface SandboxCharge {
  id: string;
  idempotencyKey: string;
  tokenId: string;
  customerRef: string | null;
  amountCents: number;
  outcome: SandboxChargeOutcome;
  refundedAt: Date | null;
}

const TOKEN_COLUMNS = `id, brand, last4, exp_month AS "expMonth", exp_year AS "expYear", outcome, customer_ref AS "customerRef", fingerprint, created_at AS "createdAt"`;
const CHARGE_COLUMNS = `id, idempotency_key AS "idempotencyKey", token_id AS "tokenId", customer_ref AS "customerRef",
  amount_cents AS "amountCents", outcome, refunded_at AS "refundedAt"`;

/** The sandbox gateway's own books, in Postgres so its idempotency survives a restart. */
@Injectable()
export class SandboxRepository {
  constructor(private readonly dataSource: DataSource) {}

  async insertToken(token: Omit<SandboxToken, 'customerRef' | 'createdAt'>): Promise<void> {
    await this.dataSource.query(
      `INSERT INTO sandbox_card_tokens (id, brand, last4, exp_month, exp_year, outcome, fingerprint) VALUES ($1, $2, $3, $4, $5, $6, $7)`,
      [token.id, token.brand, token.last4, token.expMonth, token.expYear, token.outcome, token.fingerprint],
    );
  }

  async findToken(id: string): Promise<SandboxToken | undefined> {
    const [row] = await this.dataSource.query<SandboxToken[]>(`SELECT ${TOKEN_COLUMNS} FROM sandbox_card_tokens WHERE id = $1`, [id]);
    return row;
  }

  /** Attaches a token to a customer unless it belongs to another; answers whether it is the customer's now. */
  async attachToken(id: string, customerRef: string): Promise<boolean> {
    const [, count] = await this.dataSource.query<ChangedRows>(
      `UPDATE sandbox_card_tokens SET customer_ref = $2 WHERE id = $1 AND (customer_ref IS NULL OR customer_ref = $2)`,
      [id, customerRef],
    );
    return count === 1;
  }

  /** Records a charge under its key unless one is there; answers the charge the key has. */
  async chargeOnce(charge: Omit<SandboxCharge, 'refundedAt'> & { currency: string; offSession: boolean }): Promise<SandboxCharge> {
    await this.dataSource.query(
      `INSERT INTO sandbox_charges (id, idempotency_key, token_id, customer_ref, amount_cents, currency, off_session, outcome)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8) ON CONFLICT (idempotency_key) DO NOTHING`,
      [charge.id, charge.idempotencyKey, charge.tokenId, charge.customerRef, charge.amountCents, charge.currency, charge.offSession, charge.outcome],
    );
    const [row] = await this.dataSource.query<SandboxCharge[]>(`SELECT ${CHARGE_COLUMNS} FROM sandbox_charges WHERE idempotency_key = $1`, [
      charge.idempotencyKey,
    ]);
    return row;
  }

  async findChargeByKey(idempotencyKey: string): Promise<SandboxCharge | undefined> {
    const [row] = await this.dataSource.query<SandboxCharge[]>(`SELECT ${CHARGE_COLUMNS} FROM sandbox_charges WHERE idempotency_key = $1`, [idempotencyKey]);
    return row;
  }

  async findCharge(id: string): Promise<SandboxCharge | undefined> {
    const [row] = await this.dataSource.query<SandboxCharge[]>(`SELECT ${CHARGE_COLUMNS} FROM sandbox_charges WHERE id = $1`, [id]);
    return row;
  }

  /**
   * Gives back part or all of a charge, once per key; refused (undefined) beyond what is left.
   * The charge counts as refunded when nothing is left.
   */
  async refund(chargeId: string, amountCents: number, idempotencyKey: string): Promise<string | undefined> {
    return this.dataSource.transaction(async (manager) => {
      const [charge] = await manager.query<Pick<SandboxCharge, 'amountCents'>[]>(
        `SELECT amount_cents AS "amountCents" FROM sandbox_charges WHERE id = $1 FOR UPDATE`,
        [chargeId],
      );
      const [done] = await manager.query<{ id: string }[]>(`SELECT id FROM sandbox_refunds WHERE idempotency_key = $1`, [idempotencyKey]);
      if (!charge || done) return done?.id;
      const [{ refunded }] = await manager.query<{ refunded: number }[]>(
        `SELECT COALESCE(sum(amount_cents), 0)::int AS refunded FROM sandbox_refunds WHERE charge_id = $1`,
        [chargeId],
      );
      if (refunded + amountCents > charge.amountCents) return undefined;
      const id = `re_sandbox_${randomBytes(12).toString('hex')}`;
      await manager.query(`INSERT INTO sandbox_refunds (id, idempotency_key, charge_id, amount_cents) VALUES ($1, $2, $3, $4)`, [
        id,
        idempotencyKey,
        chargeId,
        amountCents,
      ]);
      if (refunded + amountCents === charge.amountCents) await manager.query(`UPDATE sandbox_charges SET refunded_at = now() WHERE id = $1`, [chargeId]);
      return id;
    });
  }
}
