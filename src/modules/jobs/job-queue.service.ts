import { Inject, Injectable, Logger, OnApplicationBootstrap, BeforeApplicationShutdown } from '@nestjs/common';
import PgBoss from 'pg-boss';
import { appConfig, type AppConfig } from '../../config/app-config';
import { PG_POOL } from '../../database/pg-pool';
import { withQueueSetUpLock } from './queue-set-up-lock';
import type { Pool } from 'pg';

type Handler<T> = (data: T) => Promise<void>;

interface Registration {
  name: string;
  handler: Handler<never>;
  retryLimit: number;
  retryDelaySeconds: number;
  concurrency: number;
  cron?: string;
}

export interface RegisterOptions {
  retryLimit?: number;
  /** The first retry comes this many seconds later (to twice that), each next one twice as late. */
  retryDelaySeconds?: number;
  /** Jobs of this queue worked at once on each instance (a slow mail server must not make a line). */
  concurrency?: number;
  cron?: string;
}

/** The states the metrics report for each queue (pg-boss's others, completed and cancelled, are history). */
export const JOB_STATES = ['created', 'retry', 'active', 'failed'] as const;
export type JobState = (typeof JOB_STATES)[number];

/** The schema pg-boss keeps its tables in (it installs them at the first start on a database). */
export const JOB_SCHEMA = 'pgboss';

/** How often an idle worker looks for jobs queued by another instance (its own wake it at once). */
const POLLING_INTERVAL_SECONDS = 2;

/**
 * pg-boss on the app's own pool, with our table prefix kept in its own schema. Once `isOpen`
 * says no, its statements answer nothing (pg-boss reads that as no job changed) instead of
 * reaching a closed pool: a handler that ends after the stop has its end recorded without an
 * await, and the pool's refusal would be an unhandled rejection that ends the process.
 */
export function createBoss(pool: Pool, isOpen: () => boolean): PgBoss {
  return new PgBoss({
    db: { executeSql: (text: string, values: unknown[]) => (isOpen() ? queryPatiently(pool, text, values) : Promise.resolve(null as unknown as { rows: [] })) },
    schema: JOB_SCHEMA,
    migrate: true,
    supervise: true,
    schedule: true,
  });
}

/** Tries for a connection this many times, each within the pool's connect deadline. */
const CONNECT_ATTEMPTS = 3;
/**
 * What pg says when no connection came in time: no free one in the pool (pg-pool), or one being
 * opened that did not finish its handshake (pg's Client). Either way the statement was never sent.
 */
const NO_CONNECTION = new Set(['timeout exceeded when trying to connect', 'Connection terminated due to connection timeout']);

/**
 * The queue's statements wait up to three connection deadlines for a connection: its work is
 * never a visitor's request, and on a busy host the app's start (every queue set up at once,
 * beside the session store and the first requests) could find no connection within one, and
 * the start failed (CI: "timeout exceeded when trying to connect", and "Connection terminated due
 * to connection timeout", in createQueue). A statement is tried again only when it never reached
 * the database.
 */
async function queryPatiently(pool: Pool, text: string, values: unknown[]) {
  for (let attempt = 1; ; attempt++) {
    try {
      return await pool.query(text, values);
    } catch (error) {
      if (attempt >= CONNECT_ATTEMPTS || !(error instanceof Error) || !NO_CONNECTION.has(error.message)) throw error;
    }
  }
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
  private readonly workers = new Map<string, string[]>();
  private started = false;
  private stopped = false;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(appConfig.KEY) private readonly config: AppConfig,
  ) {
    this.boss = createBoss(pool, () => !this.stopped);
    this.boss.on('error', (error) => this.logger.error({ err: error }, 'Job queue error'));
  }

  /** Registers a queue and its handler; `cron` also schedules it (once across instances). */
  register<T>(name: string, handler: Handler<T>, options: RegisterOptions = {}): void {
    this.registrations.push({
      name,
      handler: handler,
      retryLimit: options.retryLimit ?? 5,
      retryDelaySeconds: options.retryDelaySeconds ?? 30,
      concurrency: options.concurrency ?? 1,
      cron: options.cron,
    });
  }

  async send<T extends object>(name: string, data: T): Promise<void> {
    await this.boss.send(name, data);
    // Wake this instance's workers so the job starts at once instead of at the next poll.
    this.wake(name);
  }

  /** The queues this process knows: those its features registered, whether or not a job was ever queued. */
  knownQueues(): string[] {
    return [...new Set(this.registrations.map((registration) => registration.name))].sort();
  }

  /**
   * Jobs by queue and state, for the operators' metrics: waiting (created, retry), running
   * (active), given up (failed, until archived). Every known queue in every state, 0 where there
   * are none: a dashboard reads an empty queue as 0, where a missing series reads "no data".
   */
  async counts(): Promise<Array<{ queue: string; state: JobState; count: number }>> {
    const { rows } = await this.pool.query<{ queue: string; state: JobState; count: number }>(
      `SELECT name AS queue, state::text AS state, count(*)::int AS count FROM pgboss.job
        WHERE state::text = ANY($1::text[]) GROUP BY name, state`,
      [JOB_STATES],
    );
    const counted = new Map(rows.map((row) => [`${row.queue}/${row.state}`, row.count]));
    // A queue only another instance's code knows (older or newer) still shows what it holds.
    const queues = [...new Set([...this.knownQueues(), ...rows.map((row) => row.queue)])].sort();
    return queues.flatMap((queue) => JOB_STATES.map((state) => ({ queue, state, count: counted.get(`${queue}/${state}`) ?? 0 })));
  }

  private wake(name: string): void {
    for (const worker of this.workers.get(name) ?? []) this.boss.notifyWorker(worker);
  }

  async onApplicationBootstrap(): Promise<void> {
    await withQueueSetUpLock(this.pool, () => this.setUp());
  }

  private async setUp(): Promise<void> {
    await this.boss.start();
    this.started = true;
    // A command-line tool queues work for the servers and leaves without picking up theirs.
    if (!this.config.jobWorkers) return;
    for (const registration of this.registrations) {
      const queueOptions = {
        name: registration.name,
        retryLimit: registration.retryLimit,
        retryDelay: registration.retryDelaySeconds,
        retryBackoff: true,
      };
      // createQueue leaves an existing queue as it was: updateQueue makes it what the code says.
      await this.boss.createQueue(registration.name, queueOptions);
      await this.boss.updateQueue(registration.name, queueOptions);
      const ids: string[] = [];
      this.workers.set(registration.name, ids);
      for (let i = 0; i < registration.concurrency; i++) ids.push(await this.startWorker(registration));
      if (registration.cron) await this.boss.schedule(registration.name, registration.cron);
    }
  }

  /**
   * One worker: a job at a time. pg-boss waits a polling interval after every job, even with
   * more waiting (one job every 2 s: a burst of 20 put a sign-in link 40 s back), so a worker
   * that has done a job wakes itself and its siblings to take the next at once; only an empty
   * queue waits for the poll (or for send()).
   */
  private async startWorker(registration: Registration): Promise<string> {
    return this.boss.work<never>(registration.name, { pollingIntervalSeconds: POLLING_INTERVAL_SECONDS, batchSize: 1 }, async ([job]) => {
      try {
        await registration.handler(job.data);
      } finally {
        this.wake(registration.name);
      }
    });
  }

  /**
   * Gives running jobs five seconds; one still running then is marked failed, so it is retried
   * (here or by another instance), and what its handler does at its end no longer reaches the
   * pool, which closes next.
   */
  async beforeApplicationShutdown(): Promise<void> {
    if (this.started) await this.boss.stop({ graceful: true, wait: true, timeout: 5000 });
    this.stopped = true;
  }
}
