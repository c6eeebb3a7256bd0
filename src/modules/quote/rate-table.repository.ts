import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { RateTable } from './rating/rating-types';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface RateTableVersion {
  version: string;
  effectiveFrom: string;
}

/** The versioned rate tables. A version never changes once written (the table refuses it). */
@Injectable()
export class RateTableRepository {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** Every version, the newest effective date first. */
  async versions(): Promise<RateTableVersion[]> {
    return this.txHost.tx.query<RateTableVersion[]>(
      `SELECT version, to_char(effective_from, 'YYYY-MM-DD') AS "effectiveFrom" FROM rate_tables ORDER BY effective_from DESC, version DESC`,
    );
  }

  async find(version: string): Promise<RateTable | undefined> {
    const [row] = await this.txHost.tx.query<{ data: RateTable }[]>(`SELECT data FROM rate_tables WHERE version = $1`, [version]);
    return row?.data;
  }
}
