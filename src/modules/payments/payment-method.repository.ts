import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { CardSummary, PaymentProvider } from './payment-gateway';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A card a user saved for later charges: brand, last four and expiry, never more. */
export interface SavedPaymentMethod extends CardSummary {
  id: string;
  userId: string;
  provider: PaymentProvider;
  providerMethodRef: string;
  createdAt: Date;
  replacedAt: Date | null;
}

const COLUMNS = `id, user_id AS "userId", provider, provider_method_ref AS "providerMethodRef", brand, last4,
  exp_month AS "expMonth", exp_year AS "expYear", created_at AS "createdAt", replaced_at AS "replacedAt"`;

/** Saved payment methods and gateway customers, per user. */
@Injectable()
export class PaymentMethodRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The card the user charges with now (of this gateway), if any. */
  async findCurrent(userId: string, provider: PaymentProvider): Promise<SavedPaymentMethod | undefined> {
    const [row] = await this.txHost.tx.query<SavedPaymentMethod[]>(
      `SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 AND provider = $2 AND replaced_at IS NULL`,
      [userId, provider],
    );
    return row;
  }

  async findById(id: string): Promise<SavedPaymentMethod | undefined> {
    const [row] = await this.txHost.tx.query<SavedPaymentMethod[]>(`SELECT ${COLUMNS} FROM payment_methods WHERE id = $1`, [id]);
    return row;
  }

  /** Every card the user has saved, newest first (replaced ones too). */
  async listForUser(userId: string): Promise<SavedPaymentMethod[]> {
    return this.txHost.tx.query<SavedPaymentMethod[]>(`SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 ORDER BY created_at DESC`, [userId]);
  }

  /**
   * Makes this card the user's current one and marks the one before replaced, in one
   * transaction (the caller's, or its own). The same card saved twice stays one row.
   */
  async replaceCurrent(input: { userId: string; provider: PaymentProvider; providerMethodRef: string; card: CardSummary }): Promise<SavedPaymentMethod> {
    return this.txHost.withTransaction(async () => {
      const tx = this.txHost.tx;
      // One replacement per user at a time: the partial unique index would refuse the loser.
      await tx.query(`SELECT pg_advisory_xact_lock(hashtext('payment_methods'), hashtext($1))`, [input.userId]);
      const [current] = await tx.query<SavedPaymentMethod[]>(`SELECT ${COLUMNS} FROM payment_methods WHERE user_id = $1 AND replaced_at IS NULL`, [
        input.userId,
      ]);
      if (current && current.provider === input.provider && current.providerMethodRef === input.providerMethodRef) return current;
      await tx.query(`UPDATE payment_methods SET replaced_at = now() WHERE user_id = $1 AND replaced_at IS NULL`, [input.userId]);
      const [row] = await tx.query<SavedPaymentMethod[]>(
        `INSERT INTO payment_methods (user_id, provider, provider_method_ref, brand, last4, exp_month, exp_year)
         VALUES ($1, $2, $3, $4, $5, $6, $7) RETURNING ${COLUMNS}`,
        [input.userId, input.provider, input.providerMethodRef, input.card.brand, input.card.last4, input.card.expMonth, input.card.expYear],
      );
      return row;
    });
  }

  async findCustomer(userId: string, provider: PaymentProvider): Promise<string | undefined> {
    const [row] = await this.txHost.tx.query<{ ref: string }[]>(
      `SELECT provider_customer_ref AS ref FROM payment_customers WHERE user_id = $1 AND provider = $2`,
      [userId, provider],
    );
    return row?.ref;
  }

  /** Keeps the first customer written for a user; answers the one kept. */
  async saveCustomer(userId: string, provider: PaymentProvider, customerRef: string): Promise<string> {
    await this.txHost.tx.query(`INSERT INTO payment_customers (user_id, provider, provider_customer_ref) VALUES ($1, $2, $3) ON CONFLICT DO NOTHING`, [
      userId,
      provider,
      customerRef,
    ]);
    return (await this.findCustomer(userId, provider))!;
  }
}
