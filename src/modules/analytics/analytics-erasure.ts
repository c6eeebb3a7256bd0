import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * A deleted account's analytics events (issue 27), in the caller's transaction: those sent signed
 * in, and every event of the analytics ids the account used (before sign-in too).
 */
@Injectable()
export class AnalyticsErasure {
  constructor(private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>) {}

  /** How many events went. `anonymousIds`: ids known to be the account's from elsewhere (its cookie decisions). */
  async eraseUser(userId: string, anonymousIds: string[]): Promise<number> {
    const [, count] = await this.txHost.tx.query<ChangedRows>(
      `WITH ids AS (SELECT DISTINCT anonymous_id FROM analytics_events WHERE user_id = $1 AND anonymous_id IS NOT NULL
                    UNION SELECT unnest($2::text[]))
       DELETE FROM analytics_events WHERE user_id = $1 OR anonymous_id IN (SELECT anonymous_id FROM ids)`,
      [userId, anonymousIds],
    );
    return count;
  }
}
