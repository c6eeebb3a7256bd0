import { Inject, Injectable } from '@nestjs/common';
import { dbPool, jobsByState, metricsRegistry, sessionsActive } from '../../common/metrics/metrics-registry';
import { PG_POOL } from '../../database/pg-pool';
import { JobQueue } from '../jobs';
import { SessionAdmin } from '../session';
import type { Pool } from 'pg';

/**
 * What GET /metrics answers: the counters code keeps as it goes, and the gauges read now from
 * the database (signed-in sessions, jobs by queue and state) and the pool. A database that
 * does not answer leaves those gauges as they were; the rest still answers.
 */
@Injectable()
export class MetricsService {
  constructor(
    private readonly sessions: SessionAdmin,
    private readonly jobs: JobQueue,
    @Inject(PG_POOL) private readonly pool: Pool,
  ) {}

  readonly contentType = metricsRegistry.contentType;

  async scrape(): Promise<string> {
    dbPool.set({ state: 'total' }, this.pool.totalCount);
    dbPool.set({ state: 'idle' }, this.pool.idleCount);
    dbPool.set({ state: 'waiting' }, this.pool.waitingCount);
    dbPool.set({ state: 'max' }, (this.pool.options as { max?: number }).max ?? 10);
    await Promise.allSettled([this.readSessions(), this.readJobs()]);
    return metricsRegistry.metrics();
  }

  private async readSessions(): Promise<void> {
    sessionsActive.set(await this.sessions.countActive());
  }

  private async readJobs(): Promise<void> {
    const counts = await this.jobs.counts();
    jobsByState.reset();
    for (const { queue, state, count } of counts) jobsByState.set({ queue, state }, count);
  }
}
