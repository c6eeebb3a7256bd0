import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A deleted account's share-proof links (issue 27), in the caller's transaction: each view stays in the audit log. */
@Injectable()
export class ProofLinkErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseOfCustomer(userId: string): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(`DELETE FROM proof_links WHERE policy_id IN (SELECT id FROM policies WHERE user_id = $1)`, [
      userId,
    ]);
    return count;
  }
}
