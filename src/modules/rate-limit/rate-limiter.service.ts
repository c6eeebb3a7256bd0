import { Injectable } from '@nestjs/common';
import { Propagation, TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import type { ChangedRows } from '../../database/changed-rows';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface RateRule {
  /** What is counted, e.g. "magic-link:ip:203.0.113.9". */
  bucket: string;
  limit: number;
  windowMs: number;
}

/** A bucket's hits in its window; the oldest is null when there are none. */
interface WindowRow {
  count: number;
  oldest: Date | null;
}

export type RateDecision = { allowed: true } | { allowed: false; retryAfterSeconds: number };

/**
 * Sliding-window limits kept in Postgres, so every instance counts against the same numbers.
 * A hit is recorded only when every rule allows it; buckets are locked in a fixed order so
 * concurrent requests neither race past a limit nor deadlock.
 */
@Injectable()
export class RateLimiter {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
  ) {}

  async hit(rules: RateRule[]): Promise<RateDecision> {
    const now = this.clock.now();
    const sorted = [...rules].sort((a, b) => a.bucket.localeCompare(b.bucket));
    // A transaction of its own, even inside a caller's: the hit counts whatever becomes of the
    // caller's work, and the buckets' locks are held only while counting.
    return this.txHost.withTransaction(Propagation.RequiresNew, async () => {
      for (const rule of sorted) {
        await this.txHost.tx.query('SELECT pg_advisory_xact_lock(hashtextextended($1, 0))', [rule.bucket]);
      }
      let retryAfterMs = 0;
      for (const rule of sorted) {
        const since = new Date(now.getTime() - rule.windowMs);
        const [row] = await this.txHost.tx.query<WindowRow[]>(
          `SELECT count(*)::int AS count, min(hit_at) AS oldest FROM rate_limit_hits WHERE bucket = $1 AND hit_at > $2`,
          [rule.bucket, since],
        );
        if (row.oldest && row.count >= rule.limit) {
          retryAfterMs = Math.max(retryAfterMs, new Date(row.oldest).getTime() + rule.windowMs - now.getTime());
        }
      }
      if (retryAfterMs > 0) return { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) };
      for (const rule of sorted) {
        await this.txHost.tx.query('INSERT INTO rate_limit_hits (bucket, hit_at) VALUES ($1, $2)', [rule.bucket, now]);
      }
      return { allowed: true };
    });
  }

  /**
   * Whether every rule would allow one more hit, recording nothing: for limits on outcomes
   * (declines) that are counted after the fact with `add`.
   */
  async peek(rules: RateRule[]): Promise<RateDecision> {
    const now = this.clock.now();
    let retryAfterMs = 0;
    for (const rule of rules) {
      const [row] = await this.txHost.tx.query<WindowRow[]>(
        `SELECT count(*)::int AS count, min(hit_at) AS oldest FROM rate_limit_hits WHERE bucket = $1 AND hit_at > $2`,
        [rule.bucket, new Date(now.getTime() - rule.windowMs)],
      );
      if (row.oldest && row.count >= rule.limit) retryAfterMs = Math.max(retryAfterMs, new Date(row.oldest).getTime() + rule.windowMs - now.getTime());
    }
    return retryAfterMs > 0 ? { allowed: false, retryAfterSeconds: Math.max(1, Math.ceil(retryAfterMs / 1000)) } : { allowed: true };
  }

  /** Records one hit in each rule's bucket, whatever the limits: answers each bucket's count in its window after. */
  async add(rules: RateRule[]): Promise<number[]> {
    const now = this.clock.now();
    const counts: number[] = [];
    for (const rule of rules) {
      await this.txHost.tx.query('INSERT INTO rate_limit_hits (bucket, hit_at) VALUES ($1, $2)', [rule.bucket, now]);
      const [row] = await this.txHost.tx.query<Pick<WindowRow, 'count'>[]>(
        `SELECT count(*)::int AS count FROM rate_limit_hits WHERE bucket = $1 AND hit_at > $2`,
        [rule.bucket, new Date(now.getTime() - rule.windowMs)],
      );
      counts.push(row.count);
    }
    return counts;
  }

  /** Drops hits older than the longest window any rule uses. */
  async prune(olderThanMs: number): Promise<number> {
    const before = new Date(this.clock.now().getTime() - olderThanMs);
    const result = await this.txHost.tx.query<ChangedRows>('DELETE FROM rate_limit_hits WHERE hit_at < $1', [before]);
    return result[1] ?? 0;
  }
}
