// docs/performance.md: a short hand-written head, then the figures of the last run.
import fs from 'node:fs';
import os from 'node:os';

const kb = (bytes) => (bytes / 1024).toFixed(1);

export function writeReport(file, { load, weights, budgets, seconds, consentRows = [] }) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const lines = [
    '# Performance',
    '',
    '`npm run bench` builds the production server, starts it on loopback on its own embedded',
    'PostgreSQL, and measures it with autocannon (50 connections) beside a bare `node:http` server',
    'that answers the same bytes: the ratio of the two is the figure that holds on a noisy machine.',
    'Each server runs in a child process of its own and autocannon in the bench process, so both',
    'servers are measured the same way (on 2 cores, the load generator shares the machine with the',
    'server in both cases). The JavaScript and CSS a page loads before any interaction are what',
    'headless Chromium fetches until the network is idle (the client entry, its imports, the page\'s',
    'chunk and translations), sized from `dist/client` (gzip at level 9).',
    '',
    '<!-- Everything below is written by scripts/bench.mjs. -->',
    '',
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${cpu}, Node ${process.version}, ${seconds} s per measurement.`,
    '',
    '## Server render throughput (50 connections)',
    '',
    '| what | requests/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...load.map((row) => `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} |`),
    '',
    '## JavaScript and CSS loaded before any interaction',
    '',
    '| page | JS files | JS raw KB | JS gzip KB | CSS raw KB | CSS gzip KB |',
    '|---|---:|---:|---:|---:|---:|',
    ...weights.map((w) => `| \`${w.path}\` | ${w.js.files} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} | ${kb(w.css.raw)} | ${kb(w.css.gzip)} |`),
    '',
    '## Supporting services and consent (issue 5)',
    '',
    'Home weighed on a server with every vendor configured (Sentry, Datadog, LaunchDarkly, the Google',
    'tag, live chat, an analytics upstream) beside one with none. Vendor code loads only after consent,',
    'after the first paint and once the browser is idle, so a first visit and a denial load exactly what',
    'an unconfigured site loads. After Accept the figures include the vendor chunks loaded lazily (the',
    "vendors' own hosts are not reached here).",
    '',
    '| page | server and visitor | JS files | JS gzip KB |',
    '|---|---|---:|---:|',
    ...consentRows.map((r) => `| \`${r.path}\` | ${r.label} | ${r.js.files} | ${kb(r.js.gzip)} |`),
    '',
    '## Budgets (issues 2 and 5)',
    '',
    '| budget | measured | result |',
    '|---|---|---|',
    ...budgets.map((b) => `| ${b.name} | ${b.measured} | ${b.pass ? 'pass' : '**FAIL**'} |`),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
}
