import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** A deleted account's copies of its data (issue 27), in the caller's transaction: a copy is the data itself. */
@Injectable()
export class DataExportErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  async eraseFor(userId: string): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(`DELETE FROM data_exports WHERE user_id = $1`, [userId]);
    return count;
  }
}
