import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * A deleted account's purchase attempts that bought nothing (issue 27), in the caller's
 * transaction, before its unbought quotes go: what they charged, if anything, stays in
 * payment_charges. The attempts that bought a policy stay with it.
 */
@Injectable()
export class PurchaseErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseUnbought(userId: string): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(
      `DELETE FROM purchase_requests r WHERE r.user_id = $1 AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.quote_id = r.quote_id)`,
      [userId],
    );
    return count;
  }
}
