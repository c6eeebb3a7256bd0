import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import type { Pool } from 'pg';
import { appConfig, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../database/pg-pool';

type Handler<T> = (data: T) => Promise<void>;

interface Registration {
  name: string;
  handler: Handler<never>;
  retryLimit: number;
  retryDelaySeconds: number;
  cron?: string;
}

/** pg-boss on the app's own pool, with our table prefix kept in its own schema. */
export function createBoss(pool: Pool): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => pool.query(text, values) },
    schema: 'pgboss',
    migrate: true,
    supervise: true,
    schedule: true,
  });
}

/**
 * Jobs in Postgres (pg-boss): work queued by any instance is done once by one of them, and
 * survives a crash. Features register their handlers at module init; the queue starts with
 * the application and stops before the database pool closes.
 */
@Injectable()
export class JobQueue implements OnApplicationBootstrap, BeforeApplicationShutdown {
  private readonly logger = new Logger(JobQueue.name);
  private readonly boss: PgBoss;
  private readonly registrations: Registration[] = [];
  private readonly workers = new Map<string, string>();
  private started = false;

  constructor(
    @Inject(PG_POOL) pool: Pool,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {
    this.boss = createBoss(pool);
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'Job queue error'));
  }

  /** Registers a queue and its handler; `cron` also schedules it (once across instances). */
  register<T>(name: string, handler: Handler<T>, options: { retryLimit?: number; retryDelaySeconds?: number; cron?: string } = {}): void {
    this.registrations.push({
      name,
      handler: handler as Handler<never>,
      retryLimit: options.retryLimit ?? 5,
      retryDelaySeconds: options.retryDelaySeconds ?? 30,
      cron: options.cron,
    });
  }

  async send<T extends object>(name: string, data: T): Promise<void> {
    await this.boss.send(name, data);
    // Wake this instance's worker so the job starts at once instead of at the next poll.
    const worker = this.workers.get(name);
    if (worker) this.boss.notifyWorker(worker);
  }

  async onApplicationBootstrap(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // A command-line tool queues work for the servers and leaves without picking up theirs.
    if (!this.config.jobWorkers) return;
    for (const registration of this.registrations) {
      await this.boss.createQueue(registration.name, {
        name: registration.name,
        retryLimit: registration.retryLimit,
        retryDelay: registration.retryDelaySeconds,
        retryBackoff: true,
      });
      const id = await this.boss.work<never>(registration.name, { pollingIntervalSeconds: 2, batchSize: 1 }, async ([job]) => {
        await registration.handler(job.data);
      });
      this.workers.set(registration.name, id);
      if (registration.cron) await this.boss.schedule(registration.name, registration.cron);
    }
  }

  async beforeApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
  }
}
