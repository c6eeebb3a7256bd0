import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import { RateTableRepository, type RateTableVersion } from './rate-table.repository';
import type { RateTable } from './rating/rating-types';

// A new version reaches running instances within this long (it is added by a migration, and
// usually takes effect on a later date anyway).
const VERSION_LIST_TTL_MS = 5 * 60 * 1000;

/**
 * The rate table in force on a day. Versions are immutable, so each one is read from the
 * database once per process; only the list of versions is re-read now and then.
 */
@Injectable()
export class RateTablesService {
  private versions?: { list: RateTableVersion[]; readAt: number };
  private readonly tables = new Map<string, Promise<RateTable | undefined>>();

  constructor(
    private readonly repository: RateTableRepository,
    private readonly clock: Clock,
  ) {}

  /** The newest version whose effective date is on or before `day` ("YYYY-MM-DD"). */
  async inForce(day: string): Promise<RateTable> {
    const now = this.clock.now().getTime();
    if (!this.versions || now - this.versions.readAt > VERSION_LIST_TTL_MS) {
      this.versions = { list: await this.repository.versions(), readAt: now };
    }
    const version = this.versions.list.find((v) => v.effectiveFrom <= day);
    const table = version && (await this.byVersion(version.version));
    if (!table) throw new QuoteException(QuoteErrorCode.NoRateTable);
    return table;
  }

  byVersion(version: string): Promise<RateTable | undefined> {
    let table = this.tables.get(version);
    if (!table) {
      table = this.repository.find(version);
      this.tables.set(version, table);
      // A failed read is not remembered.
      table.catch(() => this.tables.delete(version));
    }
    return table;
  }
}
