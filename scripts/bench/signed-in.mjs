// Pages behind sign-in, rendered per request with the visitor's session (issue 17): a handful
// of customers with a policy, one per connection in turn, and the server's memory under that load.
import fs from 'node:fs';
import { customerWithPolicy } from './customer-with-policy.mjs';
import { measure } from './load.mjs';

const CUSTOMERS = 5;
export const SIGNED_IN_PAGES = process.env.SIGNED_IN_PAGES?.split(',') ?? ['/profile', '/quote/application'];

/** The server's resident memory in bytes (Linux), or undefined elsewhere. */
function residentBytes(pid) {
  try {
    const kb = /VmRSS:\s+(\d+) kB/.exec(fs.readFileSync(`/proc/${pid}/status`, 'utf8'))?.[1];
    return kb === undefined ? undefined : Number(kb) * 1024;
  } catch {
    return undefined;
  }
}

/** Samples a process's RSS every 200 ms until stopped: the highest seen. */
function watchMemory(pid) {
  let peak = residentBytes(pid) ?? 0;
  const timer = setInterval(() => (peak = Math.max(peak, residentBytes(pid) ?? 0)), 200);
  return () => (clearInterval(timer), peak);
}

export async function makeCustomers(base, databaseUrl) {
  const customers = [];
  // One after another: the sign-in limits count per address, and this is not what is measured.
  for (let i = 0; i < CUSTOMERS; i++) customers.push(await customerWithPolicy(base, databaseUrl));
  return customers;
}

/** The server's page-data counts by page and outcome (GET /metrics, loopback may read it). */
async function pageDataCounts(base) {
  const text = await (await fetch(`${base}/metrics`)).text();
  const counts = {};
  for (const [, page, outcome, value] of text.matchAll(/^meterly_page_data_total\{page="([^"]+)",outcome="([^"]+)"\} (\d+)/gm))
    counts[`${page} ${outcome}`] = Number(value);
  return counts;
}

/**
 * The share of the pages answered during a load that carried all their own data: under load a
 * page that gets no turn to read within PAGE_DATA_TURN_MS goes out without it (the browser asks
 * the API), a cheaper page; a throughput without this share would flatter the server.
 */
function shareOf(before, after, outcomes) {
  const delta = (key) => (after[key] ?? 0) - (before[key] ?? 0);
  const keys = new Set([...Object.keys(before), ...Object.keys(after)]);
  const all = [...keys].reduce((sum, key) => sum + delta(key), 0);
  const counted = [...keys].filter((key) => outcomes.some((outcome) => key.endsWith(` ${outcome}`))).reduce((sum, key) => sum + delta(key), 0);
  return all === 0 ? null : counted / all;
}

/** Complete: read afresh with all its data, or served from the customer's kept read (issue 29's read model). */
const completeShare = (before, after) => shareOf(before, after, ['complete', 'kept']);

/** Each page measured with the customers' sessions; the page must be theirs (it names their email). */
export async function measureSignedIn(base, customers, serverPid, { tag, ...options }) {
  const rows = [];
  const stopWatching = watchMemory(serverPid);
  for (const pagePath of SIGNED_IN_PAGES) {
    for (const { cookie, email } of customers.slice(0, 2)) {
      const res = await fetch(base + pagePath, { headers: { cookie }, redirect: 'manual' });
      const html = await res.text();
      if (res.status !== 200 || !html.includes(email)) throw new Error(`${pagePath} for ${email}: ${res.status}, not the customer's own page`);
    }
    let next = 0;
    const before = await pageDataCounts(base);
    const result = await measure(base + pagePath, {
      ...options,
      setupClient: (client) => client.setHeaders({ cookie: customers[next++ % customers.length].cookie }),
    });
    const after = await pageDataCounts(base);
    const complete = completeShare(before, after);
    const kept = shareOf(before, after, ['kept']);
    const carried =
      complete === null ? 'no page data' : `${Math.round(complete * 100)} % of pages with all their data, ${Math.round(kept * 100)} % of them kept`;
    rows.push({ label: `Meterly \`${pagePath}\`, signed in${tag ?? ''} (${carried})`, path: pagePath, completeShare: complete, keptShare: kept, ...result });
  }
  return { rows, peakRss: stopWatching() };
}
