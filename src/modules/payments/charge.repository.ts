import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { CardDeclineReason } from '../../shared/payment/decline-reasons';
import type { PaymentProvider } from './payment-gateway';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export type ChargeStatus = 'pending' | 'requires_action' | 'processing' | 'succeeded' | 'declined' | 'error';

/** Statuses after which this key's charge is over: a retry answers from the row. */
export const FINAL_STATUSES: readonly ChargeStatus[] = ['succeeded', 'declined', 'error'];

/** One charge: one idempotency key, written before the gateway is called. */
export interface ChargeRecord {
  id: string;
  idempotencyKey: string;
  /** A hash of what was asked (user, amount, card, purpose, reference): the same key must ask the same. */
  requestHash: string;
  userId: string;
  /** What the money is for, in the caller's words: "policy-purchase", "monthly-statement"… */
  purpose: string;
  /** The caller's own id for what is paid (a quote, a statement). */
  reference: string | null;
  description: string;
  amountCents: number;
  currency: 'usd';
  provider: PaymentProvider;
  /** The saved method charged (off session), or null for a token from the browser. */
  paymentMethodId: string | null;
  providerMethodRef: string;
  offSession: boolean;
  /** On success, keep the card as the user's saved method. */
  saveMethod: boolean;
  cardBrand: string | null;
  cardLast4: string | null;
  cardExpMonth: number | null;
  cardExpYear: number | null;
  status: ChargeStatus;
  declineReason: CardDeclineReason | null;
  /** The gateway's own code for the last refusal or error (card_declined, processing_error…). */
  providerCode: string | null;
  providerChargeRef: string | null;
  /** Calls made to the gateway for this key (retries after an unknown outcome included). */
  attempts: number;
  /** What this payment paid for, set once by the caller (e.g. "policy:<id>"). */
  usedFor: string | null;
  refundedAt: Date | null;
  providerRefundRef: string | null;
  createdAt: Date;
  updatedAt: Date;
  settledAt: Date | null;
}

/** What the caller writes before the gateway is called; the rest is the row's own (status, attempts, times). */
export type NewCharge = Pick<
  ChargeRecord,
  | 'idempotencyKey'
  | 'requestHash'
  | 'userId'
  | 'purpose'
  | 'reference'
  | 'description'
  | 'amountCents'
  | 'provider'
  | 'paymentMethodId'
  | 'providerMethodRef'
  | 'offSession'
  | 'saveMethod'
  | 'cardBrand'
  | 'cardLast4'
  | 'cardExpMonth'
  | 'cardExpYear'
>;

/** A gateway's answer as it is written on the row. */
export interface ChargeChange {
  status: ChargeStatus;
  declineReason: CardDeclineReason | null;
  providerCode: string | null;
  providerChargeRef: string | null;
  /** Counts a call to the gateway. */
  attempted: boolean;
}

const COLUMNS = `id, idempotency_key AS "idempotencyKey", request_hash AS "requestHash", user_id AS "userId", purpose, reference,
  description, amount_cents AS "amountCents", currency, provider, payment_method_id AS "paymentMethodId",
  provider_method_ref AS "providerMethodRef", off_session AS "offSession", save_method AS "saveMethod",
  card_brand AS "cardBrand", card_last4 AS "cardLast4", card_exp_month AS "cardExpMonth",
  card_exp_year AS "cardExpYear", status, decline_reason AS "declineReason",
  provider_code AS "providerCode", provider_charge_ref AS "providerChargeRef", attempts, used_for AS "usedFor",
  refunded_at AS "refundedAt", provider_refund_ref AS "providerRefundRef", created_at AS "createdAt",
  updated_at AS "updatedAt", settled_at AS "settledAt"`;

/** A time as text to the microsecond (UTC), so that a page's cursor names it exactly. */
export const AT_TEXT = (column: string) => `to_char(${column} AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"') AS "atText"`;

/** Where a page of history ends: the last entry's time (to the microsecond) and id. */
export interface HistoryCursor {
  at: string;
  id: string;
}

/** A charge as an entry of the history: the charge itself, or its whole refund. */
export interface ChargeHistoryRow extends ChargeRecord {
  kind: 'charge' | 'refund';
  at: Date;
  atText: string;
}

/**
 * Charge rows, read and written in the caller's transaction when one is open (TransactionHost):
 * the purchase writes its policy and marks the payment used in one.
 */
@Injectable()
export class ChargeRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Writes a pending charge, or nothing when the key is taken (then read the row by key). */
  async insertPending(charge: NewCharge): Promise<ChargeRecord | undefined> {
    const [row] = await this.txHost.tx.query<ChargeRecord[]>(
      `INSERT INTO payment_charges (idempotency_key, request_hash, user_id, purpose, reference, description, amount_cents,
         provider, payment_method_id, provider_method_ref, off_session, save_method, card_brand, card_last4, card_exp_month, card_exp_year)
       VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, $15, $16)
       ON CONFLICT (idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
      [
        charge.idempotencyKey,
        charge.requestHash,
        charge.userId,
        charge.purpose,
        charge.reference,
        charge.description,
        charge.amountCents,
        charge.provider,
        charge.paymentMethodId,
        charge.providerMethodRef,
        charge.offSession,
        charge.saveMethod,
        charge.cardBrand,
        charge.cardLast4,
        charge.cardExpMonth,
        charge.cardExpYear,
      ],
    );
    return row;
  }

  async findByKey(idempotencyKey: string): Promise<ChargeRecord | undefined> {
    const [row] = await this.txHost.tx.query<ChargeRecord[]>(`SELECT ${COLUMNS} FROM payment_charges WHERE idempotency_key = $1`, [idempotencyKey]);
    return row;
  }

  async findById(id: string): Promise<ChargeRecord | undefined> {
    const [row] = await this.txHost.tx.query<ChargeRecord[]>(`SELECT ${COLUMNS} FROM payment_charges WHERE id = $1`, [id]);
    return row;
  }

  /** The charges made for one thing (a quote, a statement), newest first. */
  async findByReference(purpose: string, reference: string): Promise<ChargeRecord[]> {
    return this.txHost.tx.query<ChargeRecord[]>(`SELECT ${COLUMNS} FROM payment_charges WHERE purpose = $1 AND reference = $2 ORDER BY created_at DESC`, [
      purpose,
      reference,
    ]);
  }

  /** Reads the row locked until the open transaction ends: one writer per charge at a time. */
  async lockById(id: string): Promise<ChargeRecord | undefined> {
    const [row] = await this.txHost.tx.query<ChargeRecord[]>(`SELECT ${COLUMNS} FROM payment_charges WHERE id = $1 FOR UPDATE`, [id]);
    return row;
  }

  /** The charge a gateway event is about, by our id (Stripe metadata) or the gateway's; locked. */
  async lockForEvent(provider: PaymentProvider, ids: { chargeId?: string; providerChargeRef?: string }): Promise<ChargeRecord | undefined> {
    const [row] = await this.txHost.tx.query<ChargeRecord[]>(
      `SELECT ${COLUMNS} FROM payment_charges
        WHERE provider = $1 AND (id = $2 OR provider_charge_ref = $3)
        ORDER BY (id = $2) DESC LIMIT 1 FOR UPDATE`,
      [provider, ids.chargeId && /^[0-9a-f-]{36}$/i.test(ids.chargeId) ? ids.chargeId : null, ids.providerChargeRef ?? null],
    );
    return row;
  }

  async record(id: string, change: ChargeChange): Promise<ChargeRecord> {
    const [rows] = await this.txHost.tx.query<ChangedRows<ChargeRecord>>(
      `UPDATE payment_charges
          SET status = $2, decline_reason = $3, provider_code = $4,
              provider_charge_ref = COALESCE($5, provider_charge_ref),
              attempts = attempts + $6::int, updated_at = now(),
              settled_at = CASE WHEN $2 IN ('succeeded', 'declined', 'error') THEN COALESCE(settled_at, now()) ELSE NULL END
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, change.status, change.declineReason, change.providerCode, change.providerChargeRef, change.attempted ? 1 : 0],
    );
    return rows[0];
  }

  /** Sets what the payment paid for, once: answers the row as it stands after. */
  async markUsed(id: string, usedFor: string): Promise<ChargeRecord | undefined> {
    const [rows] = await this.txHost.tx.query<ChangedRows<ChargeRecord>>(
      `UPDATE payment_charges SET used_for = $2, updated_at = now() WHERE id = $1 AND (used_for IS NULL OR used_for = $2) RETURNING ${COLUMNS}`,
      [id, usedFor],
    );
    return rows[0];
  }

  async markRefunded(id: string, providerRefundRef: string): Promise<ChargeRecord> {
    const [rows] = await this.txHost.tx.query<ChangedRows<ChargeRecord>>(
      `UPDATE payment_charges SET refunded_at = COALESCE(refunded_at, now()), provider_refund_ref = COALESCE(provider_refund_ref, $2), updated_at = now()
        WHERE id = $1 RETURNING ${COLUMNS}`,
      [id, providerRefundRef],
    );
    return rows[0];
  }

  /**
   * Charges still without an outcome (pending, or processing at the gateway) made before `before`,
   * those asked about longest ago first: a row asked about and still open goes to the back, so a
   * run's batch is never the same rows forever. One waiting on the customer's authentication is
   * theirs to finish, not the sweeper's.
   */
  async listUnsettled(before: Date, limit: number): Promise<ChargeRecord[]> {
    return this.txHost.tx.query<ChargeRecord[]>(
      `SELECT ${COLUMNS} FROM payment_charges WHERE status IN ('pending', 'processing') AND created_at < $1 ORDER BY updated_at LIMIT $2`,
      [before, limit],
    );
  }

  /** Succeeded charges for these purposes that paid for nothing and were not given back, settled before `before`. */
  async listUnused(purposes: readonly string[], before: Date, limit: number): Promise<ChargeRecord[]> {
    return this.txHost.tx.query<ChargeRecord[]>(
      `SELECT ${COLUMNS} FROM payment_charges
        WHERE status = 'succeeded' AND used_for IS NULL AND refunded_at IS NULL AND purpose = ANY($1) AND settled_at < $2
        ORDER BY settled_at LIMIT $3`,
      [purposes, before, limit],
    );
  }

  /**
   * The user's payment history, newest first: each charge at its creation, and each whole refund
   * at its own time (a second entry of the same charge). `before` is the last entry of the page
   * before (its time to the microsecond, and its id), so a page never repeats nor skips one.
   */
  async historyForUser(userId: string, before: HistoryCursor | null, limit: number): Promise<ChargeHistoryRow[]> {
    return this.txHost.tx.query<ChargeHistoryRow[]>(
      `SELECT * FROM (
         SELECT 'charge' AS kind, created_at AS at, ${AT_TEXT('created_at')}, ${COLUMNS} FROM payment_charges WHERE user_id = $1
         UNION ALL
         SELECT 'refund' AS kind, refunded_at AS at, ${AT_TEXT('refunded_at')}, ${COLUMNS} FROM payment_charges WHERE user_id = $1 AND refunded_at IS NOT NULL
       ) entries
       WHERE $2::timestamptz IS NULL OR (at, id) < ($2::timestamptz, $3::uuid)
       ORDER BY at DESC, id DESC LIMIT $4`,
      [userId, before?.at ?? null, before?.id ?? null, limit],
    );
  }

  async listForUser(userId: string, limit: number): Promise<ChargeRecord[]> {
    return this.txHost.tx.query<ChargeRecord[]>(`SELECT ${COLUMNS} FROM payment_charges WHERE user_id = $1 ORDER BY created_at DESC LIMIT $2`, [userId, limit]);
  }
}
