// The re-price's floor on this machine, in the same run (issue 17): what the stack alone answers
// for the same three steps, so its budget is read against what the stack can do here at all.
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ANSWERS } from './customer-with-policy.mjs';
import { measure } from './load.mjs';
import { freePort, startChild } from './processes.mjs';

const SERVER = path.join(path.dirname(fileURLToPath(import.meta.url)), 'stack-floor-server.mjs');
const PREFIX = 'bench_floor_';
const MODES = [
  ['bare', 'floor: node:http + pg, the same three steps'],
  ['nest', 'floor: NestJS, no middleware + pg'],
  ['stack', 'floor: NestJS + express-session (connect-pg-simple) + TypeORM'],
];

/** One quote and one session row per connection, as the application's bench prices its own. */
async function seed(databaseUrl, connections) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(`CREATE TABLE ${PREFIX}session (sid text PRIMARY KEY, sess json NOT NULL, expire timestamptz NOT NULL)`);
    await client.query(`CREATE TABLE ${PREFIX}store_session (sid varchar PRIMARY KEY, sess json NOT NULL, expire timestamp(6) NOT NULL)`);
    await client.query(`CREATE TABLE ${PREFIX}quotes (id uuid PRIMARY KEY, answers jsonb NOT NULL, base_rate_cents int NOT NULL, updated_at timestamptz)`);
    await client.query(`CREATE TABLE ${PREFIX}writes (id uuid PRIMARY KEY, body jsonb NOT NULL, created_at timestamptz NOT NULL DEFAULT now())`);
    const visitors = [];
    for (let i = 0; i < connections; i++) {
      const visitor = { sid: crypto.randomUUID(), quoteId: crypto.randomUUID() };
      await client.query(`INSERT INTO ${PREFIX}session VALUES ($1, '{"visitor":true}', now() + interval '1 day')`, [visitor.sid]);
      await client.query(`INSERT INTO ${PREFIX}quotes VALUES ($1, $2, 0, now())`, [visitor.quoteId, ANSWERS]);
      visitors.push(visitor);
    }
    return visitors;
  } finally {
    await client.end();
  }
}

async function dropTables(databaseUrl) {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  await client.query(`DROP TABLE IF EXISTS ${PREFIX}session, ${PREFIX}store_session, ${PREFIX}quotes, ${PREFIX}writes`);
  await client.end();
}

async function waitForReady(server) {
  for (let i = 0; i < 200 && !server.output().includes('ready'); i++) {
    if (server.child.exitCode !== null) break;
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  if (!server.output().includes('ready')) throw new Error(`The floor server did not start:\n${server.output()}`);
}

/** The floor server in `mode` on a free port: its base URL and the child (stop() it). */
async function startFloor(databaseUrl, mode) {
  const port = await freePort();
  const server = startChild(process.execPath, [SERVER], {
    env: { PATH: process.env.PATH, NODE_ENV: 'production', PORT: String(port), DATABASE_URL: databaseUrl, FLOOR_MODE: mode, FLOOR_TABLE_PREFIX: PREFIX },
  });
  try {
    await waitForReady(server);
  } catch (error) {
    await server.stop();
    throw error;
  }
  return { base: `http://127.0.0.1:${port}`, server };
}

/** Nearest rank, as purchase-series.mjs reads its series. */
const rank = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];
const round = (ms) => Math.round(ms * 10) / 10;
/** Calls before the timed ones: the purchase series' server has answered thousands of requests before its first purchase. */
const WRITE_WARMUP = 50;

/**
 * The stack's single-statement write, unloaded (issue 29): `count` POSTs one after another to the
 * stack floor (NestJS + express-session + TypeORM) that each INSERT one row; median and p99 in ms,
 * read the same way as the purchase series (measurePurchases) beside it.
 */
export async function measureFloorWrite(databaseUrl, { count = 30 } = {}) {
  await seed(databaseUrl, 0);
  try {
    const { base, server } = await startFloor(databaseUrl, 'stack');
    try {
      const write = async () => {
        const res = await fetch(`${base}/api/writes`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: '{}' });
        if (res.status !== 201) throw new Error(`The floor's write answered ${res.status}: ${await res.text()}`);
        await res.arrayBuffer();
      };
      for (let i = 0; i < WRITE_WARMUP; i++) await write();
      const times = [];
      for (let i = 0; i < count; i++) {
        const started = performance.now();
        await write();
        times.push(performance.now() - started);
      }
      const sorted = times.sort((a, b) => a - b);
      return { median: round(rank(sorted, 0.5)), p99: round(rank(sorted, 0.99)), count };
    } finally {
      await server.stop();
    }
  } finally {
    await dropTables(databaseUrl);
  }
}

/** Rows for the pricing table: each floor's requests/s and latency at the bench's connections. */
export async function measureStackFloor(databaseUrl, { connections, seconds, warmupSeconds, runs }) {
  const visitors = await seed(databaseUrl, connections);
  const rows = [];
  try {
    for (const [mode, label] of MODES) {
      const { base, server } = await startFloor(databaseUrl, mode);
      try {
        // The stack's sessions are express-session's own, made through it; the others' rows are seeded.
        const cookies = await Promise.all(
          visitors.map(async ({ sid }) => {
            if (mode !== 'stack') return `floor=${sid}`;
            const begun = await fetch(`${base}/api/session`, { method: 'POST' });
            return begun.headers.getSetCookie()[0].split(';')[0];
          }),
        );
        let next = 0;
        const result = await measure(`${base}/`, {
          connections,
          seconds,
          warmupSeconds,
          runs,
          setupClient: (client) => {
            const k = next++ % visitors.length;
            client.setRequests([
              {
                method: 'POST',
                path: `/api/quotes/${visitors[k].quoteId}/price`,
                body: '{}',
                headers: { 'content-type': 'application/json', cookie: cookies[k] },
              },
            ]);
          },
        });
        rows.push({ label, ...result });
      } finally {
        await server.stop();
      }
    }
  } finally {
    await dropTables(databaseUrl);
  }
  return rows;
}
