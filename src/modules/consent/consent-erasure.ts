import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * A deleted account's cookie decisions (issue 27), in the caller's transaction: the records made
 * signed in, and those of the same analytics ids before sign-in. Answers the analytics ids they
 * named, so the analytics events of those ids go too.
 */
@Injectable()
export class ConsentErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseUser(userId: string): Promise<{ records: number; anonymousIds: string[] }> {
    const [rows] = await this.txHost.tx.query<ChangedRows<{ anonymous_id: string | null }>>(
      `WITH ids AS (SELECT DISTINCT anonymous_id FROM consent_records WHERE user_id = $1 AND anonymous_id IS NOT NULL)
       DELETE FROM consent_records WHERE user_id = $1 OR anonymous_id IN (SELECT anonymous_id FROM ids) RETURNING anonymous_id`,
      [userId],
    );
    return { records: rows.length, anonymousIds: [...new Set(rows.map((r) => r.anonymous_id).filter((id): id is string => Boolean(id)))] };
  }
}
