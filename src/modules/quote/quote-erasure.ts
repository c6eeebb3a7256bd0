import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * A deleted account's quotes never bought, and its places on the new-state waitlist (issue 27), in
 * the caller's transaction. A bought quote stays: it is the application the policy was written
 * on (the answers the insurer rated), kept with the policy. An unbought quote's coverage
 * rejections go with it (ON DELETE CASCADE); its unfinished purchase attempts must be gone first
 * (the policy module's PurchaseErasure).
 */
@Injectable()
export class QuoteErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseUnbought(user: { id: string; email: string }): Promise<{ quotes: number; waitlist: number }> {
    const [, quotes] = await this.txHost.tx.query<ChangedRows>(
      `DELETE FROM quotes q WHERE q.user_id = $1 AND NOT EXISTS (SELECT 1 FROM policies p WHERE p.quote_id = q.id)`,
      [user.id],
    );
    const [, waitlist] = await this.txHost.tx.query<ChangedRows>(`DELETE FROM state_waitlist WHERE lower(email) = lower($1)`, [user.email]);
    return { quotes, waitlist };
  }
}
