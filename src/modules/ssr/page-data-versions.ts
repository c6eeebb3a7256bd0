import { Inject, Injectable } from '@nestjs/common';
import { PG_POOL } from '../../database/pg-pool';
import type { Pool } from 'pg';

/**
 * The row counting changes to what every customer's page shows (an agent's name, say): its
 * version is added to each customer's, so a bump of either changes the sum. The migration
 * (1795880000000-PageDataVersions) makes it.
 */
const EVERYONE = '00000000-0000-0000-0000-000000000000';

/**
 * A customer's page-data version (issue 29): bumped by the database's triggers in the same
 * transaction as any write to a row their My account shows (migrations/1795880000000-PageDataVersions.ts),
 * so an unchanged version means nothing the page reads has changed since it was read. One
 * indexed statement, on the pool as any request's read (not inside a page's turn to read).
 */
@Injectable()
export class PageDataVersions {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The version of `userId`'s page data now, as text (a bigint). A customer never bumped is "0" until their first. */
  async of(userId: string): Promise<string> {
    const { rows } = await this.pool.query<{ version: string }>({
      // Named: prepared once per connection (read on every signed-in page).
      name: 'page-data-version',
      text: `SELECT coalesce(sum(version), 0)::text AS version FROM page_data_versions WHERE user_id = ANY($1::uuid[])`,
      values: [[userId, EVERYONE]],
    });
    return rows[0].version;
  }
}
