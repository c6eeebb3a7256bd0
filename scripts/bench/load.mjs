// Throughput and latency with autocannon, on loopback.
import autocannon from 'autocannon';

/** `extra`: autocannon's request options (method, headers, body, setupClient). */
export async function measure(url, { connections, seconds, warmupSeconds, ...extra }) {
  if (warmupSeconds > 0) await autocannon({ url, connections, duration: warmupSeconds, ...extra });
  const result = await autocannon({ url, connections, duration: seconds, ...extra });
  const failures = result.errors + result.timeouts + result.non2xx;
  if (failures > 0) throw new Error(`${url}: ${result.errors} errors, ${result.timeouts} timeouts, ${result.non2xx} non-2xx answers`);
  return {
    url,
    requestsPerSecond: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
  };
}
