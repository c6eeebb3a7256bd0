import type { Pool } from 'pg';

// Any constant shared by every instance (run-migrations.ts holds 7_430_211 for migrations).
const QUEUE_SET_UP_LOCK = 7_430_212;
const WAIT_MS = 60_000;
const POLL_MS = 100;

/**
 * Instances that start together on one database set their queues up one at a time: pg-boss's
 * schema check, createQueue/updateQueue and schedule, run by two at once, deadlock in Postgres
 * ("deadlock detected" stopped the second instance). The lock is tried, not waited for, since
 * every statement on the app's pool has a deadline of a few seconds.
 */
export async function withQueueSetUpLock<T>(pool: Pool, work: () => Promise<T>): Promise<T> {
  const client = await pool.connect();
  try {
    const deadline = Date.now() + WAIT_MS;
    while (!(await client.query<{ held: boolean }>('SELECT pg_try_advisory_lock($1) AS held', [QUEUE_SET_UP_LOCK])).rows[0].held) {
      if (Date.now() > deadline) throw new Error('Another instance has been setting up the job queues for a minute; is one stuck?');
      await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    }
    try {
      return await work();
    } finally {
      await client.query('SELECT pg_advisory_unlock($1)', [QUEUE_SET_UP_LOCK]).catch(() => undefined);
    }
  } finally {
    client.release();
  }
}
