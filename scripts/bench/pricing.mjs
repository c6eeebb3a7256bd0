// Pricing latency under concurrent load (issue 6): the estimate endpoint, which rates and stores
// nothing, and a saved quote priced again, which reads, rates and writes it in a transaction.
import { ANSWERS } from './customer-with-policy.mjs';
import { measure } from './load.mjs';

const ESTIMATE = {
  zip: '85004',
  vehicle: { year: 2019, make: 'Honda', model: 'Civic' },
  driver: { birthDate: '1988-04-12', yearsLicensed: 18 },
  incidents: [{ type: 'violations', date: new Date(Date.now() - 200 * 86_400_000).toISOString().slice(0, 10) }],
  milesPerMonth: 600,
};

/** A visitor with a complete quote: its session cookie and the quote's id. */
async function visitorWithQuote(base) {
  const headers = { 'content-type': 'application/json', origin: base };
  const session = await fetch(`${base}/api/session`, { method: 'POST', headers, body: JSON.stringify({ anonymousId: crypto.randomUUID() }) });
  const cookie = session.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const created = await fetch(`${base}/api/quotes`, { method: 'POST', headers: { ...headers, cookie }, body: JSON.stringify(ANSWERS) });
  if (created.status !== 201) throw new Error(`Could not create a quote: ${created.status} ${await created.text()}`);
  return { cookie, id: (await created.json()).payload.id };
}

export async function measurePricing(base, { connections, seconds, warmupSeconds, runs }) {
  const measureEstimate = (url) =>
    measure(url, {
      connections,
      seconds,
      warmupSeconds,
      runs,
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: JSON.stringify(ESTIMATE),
    });
  const estimate = await measureEstimate(`${base}/api/quotes/estimate`);
  // A door's A/B in the same run (DOOR_AB=1): the same call with a query, which the estimate's door leaves to Nest.
  const estimateThroughNest = process.env.DOOR_AB ? await measureEstimate(`${base}/api/quotes/estimate?via=nest`) : undefined;
  // One visitor per connection, as in life: each prices their own quote.
  const visitors = await Promise.all(Array.from({ length: connections }, () => visitorWithQuote(base)));
  // The re-price through its door, and (DOOR_AB=1) through Nest: the same call with a query, which the door leaves to the application.
  const measureRequote = (query) => {
    let next = 0;
    return measure(`${base}/api/quotes/`, {
      connections,
      seconds,
      warmupSeconds,
      runs,
      method: 'POST',
      setupClient: (client) => {
        const visitor = visitors[next++ % visitors.length];
        // setRequests: autocannon's setRequest changes only the client's first request, and every
        // later one went to the default URL (until session 6 this measured POST /api/quotes/, a new
        // empty quote per request, not the price).
        client.setRequests([
          {
            method: 'POST',
            path: `/api/quotes/${visitor.id}/price${query}`,
            body: '{}',
            headers: { 'content-type': 'application/json', origin: base, cookie: visitor.cookie },
          },
        ]);
      },
    });
  };
  const requote = await measureRequote('');
  const requoteThroughNest = process.env.DOOR_AB ? await measureRequote('?via=nest') : undefined;
  return [
    { label: 'POST /api/quotes/estimate (rate only)', ...estimate },
    { label: 'POST /api/quotes/:id/price (read, rate, write)', ...requote },
    ...(estimateThroughNest ? [{ label: 'POST /api/quotes/estimate?via=nest (through Nest)', ...estimateThroughNest }] : []),
    ...(requoteThroughNest ? [{ label: 'POST /api/quotes/:id/price?via=nest (through Nest)', ...requoteThroughNest }] : []),
  ];
}

/** The engine alone, in this process: how long one rate() takes (the built server's code). */
export async function measureEngine(root, calls = 20_000) {
  const { rate } = await import(`${root}/dist/server/src/modules/quote/rating/rating.js`);
  const { packageCoverage } = await import(`${root}/dist/server/src/modules/quote/rating/coverage-rules.js`);
  const { RATE_TABLE_2026_11_01: table } = await import(`${root}/dist/server/src/modules/quote/rating/rate-tables/2026-11-01.js`);
  const input = {
    ratingDate: new Date().toISOString().slice(0, 10),
    zip: '60601',
    drivers: [
      { birthDate: '1988-04-12', yearsLicensed: 18, incidents: ESTIMATE.incidents },
      { birthDate: '2006-02-01', yearsLicensed: 2, incidents: [] },
    ],
    vehicle: { modelYear: 2019, bodyType: 'sedan' },
    priorInsurance: 'over-3-years',
    coverage: packageCoverage(table.states.IL, 'full'),
  };
  const times = [];
  for (let i = 0; i < calls; i++) {
    const start = process.hrtime.bigint();
    rate(table, input);
    times.push(Number(process.hrtime.bigint() - start) / 1e6);
  }
  times.sort((a, b) => a - b);
  const at = (q) => times[Math.floor(q * (times.length - 1))];
  return {
    label: `rate() alone, ${calls.toLocaleString('en-US')} calls`,
    requestsPerSecond: Math.round(calls / (times.reduce((s, t) => s + t, 0) / 1000)),
    p50: at(0.5).toFixed(3),
    p99: at(0.99).toFixed(3),
  };
}
