import { freePort } from '../../support/free-port';
import { HttpsClient } from '../../support/https-client';
import { PostgresProcess } from '../../support/postgres-process';
import { GOOD_ESTIMATE } from '../../support/quote-fixtures';
import { startReverseProxy, type ReverseProxy, type ServerState } from '../../support/reverse-proxy';
import { startServerProcess, waitForOk, type ServerProcess } from '../../support/server-process';
import { TEST_SESSION_SECRET } from '../../support/test-app';

/** Polls haproxy's view of its servers until `done` holds, or fails naming what it saw last. */
async function untilServers(proxy: ReverseProxy, done: (states: ServerState[]) => boolean, withinMs = 60_000): Promise<ServerState[]> {
  const deadline = Date.now() + withinMs;
  let states: ServerState[] = [];
  while (Date.now() < deadline) {
    states = await proxy.servers();
    if (done(states)) return states;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  throw new Error(`haproxy's servers after ${withinMs} ms: ${JSON.stringify(states)}`);
}

const statusIn = (backend: string, status: string) => (states: ServerState[]) =>
  states.filter((state) => state.backend === backend).every((state) => state.status === status);

/**
 * Issue 30, finding 5: a balancer that checked /api/health (503 while the database is away)
 * took every instance out at once, and with them what each serves without a database: open
 * pages from memory and the estimate. The balancer checks liveness; readiness is for alerts.
 * Two built servers on a PostgreSQL of the test's own (frozen with SIGSTOP), behind haproxy with
 * both checks: the readiness "watch" backend going DOWN shows its checks ran with the database
 * frozen, the site's backend staying UP shows liveness asked nothing of it.
 */
describe('Two built servers behind haproxy while their database is frozen', () => {
  jest.setTimeout(180_000);
  let pg: PostgresProcess;
  let proxy: ReverseProxy;
  let browser: HttpsClient;
  const servers: ServerProcess[] = [];
  const instance = (answer: { headers: Record<string, unknown> }) => String(answer.headers['x-meterly-instance']);

  beforeAll(async () => {
    pg = await PostgresProcess.create();
    const [proxyPort, onePort, twoPort] = [await freePort(), await freePort(), await freePort()];
    const publicUrl = `https://127.0.0.1:${proxyPort}`;
    const env = { APP_ENV: 'TEST', DATABASE_URL: pg.url, SESSION_SECRETS: TEST_SESSION_SECRET, PUBLIC_URL: publicUrl };
    servers.push(startServerProcess({ ...env, PORT: String(onePort) }), startServerProcess({ ...env, PORT: String(twoPort) }));
    await Promise.all([onePort, twoPort].map((port, i) => waitForOk(`http://127.0.0.1:${port}/api/health/ready`, 90_000, servers[i])));
    // What a running site has done before the blip: each instance rendered its open pages and priced once.
    for (const port of [onePort, twoPort]) {
      for (const path of ['/', '/es']) expect((await fetch(`http://127.0.0.1:${port}${path}`)).status).toBe(200);
      const priced = await fetch(`http://127.0.0.1:${port}/api/quotes/estimate`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', Origin: publicUrl },
        body: JSON.stringify(GOOD_ESTIMATE),
      });
      expect(priced.status).toBe(200);
    }
    proxy = await startReverseProxy(
      proxyPort,
      [
        { name: 'one', port: onePort },
        { name: 'two', port: twoPort },
      ],
      { watchReadiness: true },
    );
    browser = new HttpsClient(proxy.url, { ca: proxy.certificate, localAddress: '127.0.0.2' });
    await untilServers(proxy, (states) => states.length === 4 && statusIn('meterly', 'UP')(states) && statusIn('readiness', 'UP')(states));
  });

  afterAll(async () => {
    pg?.thaw();
    browser?.close();
    await proxy?.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await pg?.destroy();
  });

  it('keeps both instances in service and serving open pages and the estimate, while readiness answers 503', async () => {
    pg.freeze();
    try {
      // Readiness checks fail on both instances: the checks ran, twice each at least, with the database frozen.
      await untilServers(proxy, statusIn('readiness', 'DOWN'));
      const site = (await proxy.servers()).filter((state) => state.backend === 'meterly');
      expect(site.map(({ server, status, check }) => ({ server, status, check: check.replace(/^\* /, '') }))).toEqual([
        { server: 'one', status: 'UP', check: 'L7OK' },
        { server: 'two', status: 'UP', check: 'L7OK' },
      ]);

      const served = new Map<string, Set<string>>();
      const note = (what: string, answer: { headers: Record<string, unknown> }) => served.set(what, (served.get(what) ?? new Set()).add(instance(answer)));
      // One after the other, so the round robin hands each to both instances.
      for (let i = 0; i < 4; i += 1) {
        for (const path of ['/', '/es']) {
          const page = await browser.get(path);
          expect([path, page.status, page.text]).toEqual([path, 200, expect.stringContaining('<html')]);
          note(path, page);
        }
        const estimate = await browser.post('/api/quotes/estimate', GOOD_ESTIMATE);
        expect([estimate.status, estimate.body.payload?.monthlyEstimateCents]).toEqual([200, expect.any(Number)]);
        note('estimate', estimate);
      }
      expect(Object.fromEntries([...served].map(([what, by]) => [what, [...by].sort()]))).toEqual({
        '/': ['one', 'two'],
        '/es': ['one', 'two'],
        estimate: ['one', 'two'],
      });
      // For alerts: readiness says the database is away; liveness that the process answers.
      const ready = await browser.get('/api/health/ready');
      expect([ready.status, ready.body.payload.database]).toEqual([503, 'down']);
      expect((await browser.get('/api/health/live')).status).toBe(200);
    } finally {
      pg.thaw();
    }
    await untilServers(proxy, statusIn('readiness', 'UP'));
  });
});
