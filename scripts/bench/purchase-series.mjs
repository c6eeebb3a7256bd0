// The purchase, unloaded (issue 29): a series of customers each buying a policy through the API,
// one after another, timing only the purchase call (POST /api/policies) — not the sign-in, quote
// and application before it, nor the welcome mail after it. Read beside the stack floor's
// single-statement write (stack-floor.mjs, measureFloorWrite) of the same run.
import { performance } from 'node:perf_hooks';
import pg from 'pg';
import { buy, readyToBuy, signedInCustomer, waitForMail } from './customer-with-policy.mjs';

/**
 * The sign-in and card limits (per address: 20 links an hour, 30 card tries an hour) would refuse
 * a series of 30 customers from the bench's one address: their counts are cleared before each
 * customer. The limiter still counts each call as in production (its statements are timed).
 */
const LIMITED = ['magic-link:%', 'exchange:%', 'card-%'];

/** The value at the nearest rank `q` of sorted `values` (p99 of 30 purchases is the slowest). */
const rank = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;

/**
 * `count` purchases made serially: the median and p99 of the purchase call in ms. `warmup` more
 * come first, untimed: a fresh server's first purchase loads what every later one reuses (the PDF
 * fonts, code paths run once), which is a start-up cost, not the purchase's.
 */
export async function measurePurchases(base, databaseUrl, { count = 30, warmup = 2 } = {}) {
  const db = new pg.Client({ connectionString: databaseUrl });
  await db.connect();
  const times = [];
  try {
    for (let i = 0; i < warmup + count; i++) {
      await db.query('DELETE FROM rate_limit_hits WHERE bucket LIKE ANY($1)', [LIMITED]);
      const { email, client } = await signedInCustomer(base, databaseUrl);
      const ready = await readyToBuy(client);
      const started = performance.now();
      await buy(client, ready);
      if (i >= warmup) times.push(performance.now() - started);
      // Unloaded: the welcome (its ID card rendered by the mail job) is sent before the next customer starts.
      await waitForMail(databaseUrl, email, 2);
    }
  } finally {
    await db.end();
  }
  const sorted = [...times].sort((a, b) => a - b);
  return { median: round(rank(sorted, 0.5)), p99: round(rank(sorted, 0.99)), count };
}
