import request from 'supertest';
import { JOB_STATES, JobQueue } from '../../../src/modules/jobs/job-queue.service';
import { useTestApp } from '../../support/use-test-app';

/** `meterly_jobs{queue,state}` values by "queue/state", as GET /metrics writes them. */
function jobSeries(text: string): Map<string, number> {
  const series = new Map<string, number>();
  for (const [, queue, state, value] of text.matchAll(/^meterly_jobs\{queue="([^"]+)",state="([^"]+)"\} (\d+)$/gm))
    series.set(`${queue}/${state}`, Number(value));
  return series;
}

/**
 * Issue 30, finding 9: with no job in a queue, `meterly_jobs` had no series at all, so a
 * dashboard read "no data" instead of 0. Every known queue is exported in every state.
 */
describe('GET /metrics: meterly_jobs while the queues are empty', () => {
  const sut = useTestApp();

  it('exports every known queue in every state, 0 where the queue holds none', async () => {
    const queues = sut.app.get(JobQueue).knownQueues();
    expect(queues).toEqual(expect.arrayContaining(['mail.send', 'billing.run', 'maintenance.prune', 'payments.refund-unused']));
    // Nothing has been given up on a fresh database: each queue's "failed" is a 0, not a gap.
    const series = jobSeries((await request(sut.url).get('/metrics').expect(200)).text);
    for (const queue of queues) {
      for (const state of JOB_STATES) expect([queue, state, series.get(`${queue}/${state}`)]).toEqual([queue, state, expect.any(Number)]);
      expect([queue, series.get(`${queue}/failed`)]).toEqual([queue, 0]);
    }
    expect(series.get('mail.send/created')).toBe(0);
  });
});
