import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface PurchaseRequestRow {
  id: string;
  userId: string;
  idempotencyKey: string;
  requestHash: string;
  quoteId: string;
  status: 'started' | 'succeeded' | 'failed';
  responseStatus: number | null;
  response: unknown;
  createdAt: Date;
}

const COLUMNS = `id, user_id AS "userId", idempotency_key AS "idempotencyKey", request_hash AS "requestHash", quote_id AS "quoteId",
  status, response_status AS "responseStatus", response, created_at AS "createdAt"`;

/**
 * One row per purchase attempt (user + Idempotency-Key), written before anything is charged:
 * a retry finds it and either answers the stored outcome or carries on where the first stopped.
 */
@Injectable()
export class PurchaseRequestRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** The attempt under this key: the one just started, or the earlier one. */
  async start(input: { userId: string; idempotencyKey: string; requestHash: string; quoteId: string }): Promise<PurchaseRequestRow> {
    const [inserted] = await this.txHost.tx.query<PurchaseRequestRow[]>(
      `INSERT INTO purchase_requests (user_id, idempotency_key, request_hash, quote_id, status) VALUES ($1, $2, $3, $4, 'started')
       ON CONFLICT (user_id, idempotency_key) DO NOTHING RETURNING ${COLUMNS}`,
      [input.userId, input.idempotencyKey, input.requestHash, input.quoteId],
    );
    if (inserted) return inserted;
    const [earlier] = await this.txHost.tx.query<PurchaseRequestRow[]>(`SELECT ${COLUMNS} FROM purchase_requests WHERE user_id = $1 AND idempotency_key = $2`, [
      input.userId,
      input.idempotencyKey,
    ]);
    return earlier;
  }

  findById(id: string): Promise<PurchaseRequestRow | undefined> {
    return this.txHost.tx.query<PurchaseRequestRow[]>(`SELECT ${COLUMNS} FROM purchase_requests WHERE id = $1`, [id]).then((rows) => rows[0]);
  }

  /** Keeps the answer, so the same key answers the same from now on. */
  async finish(id: string, outcome: { status: 'succeeded' | 'failed'; responseStatus: number; response: unknown }): Promise<void> {
    await this.txHost.tx.query(`UPDATE purchase_requests SET status = $2, response_status = $3, response = $4, finished_at = now() WHERE id = $1`, [
      id,
      outcome.status,
      outcome.responseStatus,
      JSON.stringify(outcome.response),
    ]);
  }
}
