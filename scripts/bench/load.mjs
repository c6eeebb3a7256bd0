// Throughput and latency with autocannon, on loopback.
import autocannon from 'autocannon';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * One warm-up, then `runs` measured runs of `seconds` each: every figure is the median of the
 * runs' (session 7: on this 2-core VM one run's p99 moved by a quarter from run to run, with the
 * load generator, the server and Postgres sharing the cores). `eachP99` lists every run's p99.
 * `extra`: autocannon's request options (method, headers, body, setupClient).
 */
export async function measure(url, { connections, seconds, warmupSeconds, runs = 1, ...extra }) {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, ...extra });
  const results = [];
  for (let run = 0; run < runs; run++) {
    const result = await autocannon({ url, connections, duration: seconds, ...extra });
    const failures = result.errors + result.timeouts + result.non2xx;
    if (failures > 0) throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
    results.push(result);
  }
  return {
    url,
    requestsPerSecond: Math.round(median(results.map((r) => r.requests.average))),
    p50: median(results.map((r) => r.latency.p50)),
    p99: median(results.map((r) => r.latency.p99)),
    eachP99: results.map((r) => r.latency.p99),
    total: results.reduce((sum, r) => sum + r.requests.total, 0),
  };
}
