// docs/performance.md: a short hand-written head, then the figures of the last run.
import fs from 'node:fs';
import os from 'node:os';

const kb = (bytes) => (bytes / 1024).toFixed(1);

/** The budget table of the report being replaced: name → measured, for the "previous run" column. */
function previousFigures(file) {
  if (!fs.existsSync(file)) return new Map();
  const rows = fs.readFileSync(file, 'utf8').split('## Budgets')[1]?.split('\n') ?? [];
  return new Map(
    rows
      .map((line) => line.split(' | '))
      .filter((cells) => cells.length >= 4)
      .map((cells) => [cells[1].trim(), cells[2].trim()]),
  );
}

const tableRow = (row) =>
  `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} | ${row.p99Ratio === undefined ? '' : `${row.p99Ratio.toFixed(2)}×`} | ${row.eachP99?.join(', ') ?? ''} |`;
const TABLE_HEAD = ['| what | requests/s | p50 ms | p99 ms | p99 ÷ its yardstick | p99 of each run |', '|---|---:|---:|---:|---:|---:|'];
const result = (pass) => (pass === null ? 'reported' : pass ? 'pass' : '**FAIL**');

export function writeReport(file, { load, pricing, weights, budgets, withdrawn = [], seconds, runs = 1, consentRows = [], findings = [], lighthouse = [] }) {
  const cpu = os.cpus()[0]?.model ?? 'unknown CPU';
  const previous = previousFigures(file);
  const lines = [
    '# Performance',
    '',
    '`npm run bench` builds the production server, starts it on loopback on its own embedded',
    'PostgreSQL, and measures it with autocannon (50 connections) beside a bare `node:http` server',
    'that answers the same bytes (one per locale): the ratio of the two is the figure that holds on a noisy machine.',
    'Each server runs in a child process of its own and autocannon in the bench process, so both',
    'servers are measured the same way (on 2 cores, the load generator shares the machine with the',
    'server in both cases). The JavaScript and CSS a page loads before any interaction are what',
    "headless Chromium fetches until the network is idle (the client entry, its imports, the page's",
    'chunk and translations), sized from `dist/client` (gzip at level 9).',
    '',
    'Signed-in pages (issue 17) are measured with five customers who each bought a policy through the',
    'API (scripts/bench/customer-with-policy.mjs), one customer per connection in turn, after their policy',
    "mail (PDFs) has gone out; the server's resident memory is sampled from /proc during that load.",
    '',
    '## What the CPU profiles showed, and what changed (issues 17 and 29)',
    '',
    ...findings.map((line) => `- ${line}`),
    '',
    '<!-- Everything below is written by scripts/bench.mjs. -->',
    '',
    `Last run: ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, ${os.cpus().length} × ${cpu}, Node ${process.version}, ${seconds} s per measurement.`,
    '',
    `Each load figure is the median of ${runs} runs of ${seconds} s after one warm-up (the p99 of every run in the last column):`,
    "one run's p99 moves by a quarter from run to run on this 2-core machine.",
    '',
    '## Server render throughput (50 connections)',
    '',
    "A page's yardstick is the bare server on the row above it (the same bytes, the same run).",
    '',
    ...TABLE_HEAD,
    ...load.map(tableRow),
    '',
    '## Pricing under load (50 connections)',
    '',
    'The engine alone is timed call by call in the bench process (two drivers, full coverage, calls per second',
    'in the first column). Over HTTP, the estimate rates a driver and a car and stores nothing; pricing a saved',
    'quote again reads the session and the quote, rates it and writes the new price to the version it read',
    '(50 visitors, one quote each). A person waits for the HTTP figures; on this 2-core machine',
    'the load generator, the server and PostgreSQL share the cores, so the budgets leave room for that.',
    "The floors answer the re-price's three steps (read the session, read the quote, write its price) with nothing",
    "of Meterly's around them, on the same PostgreSQL in the same run: node:http alone, a NestJS app with no",
    "middleware, and NestJS with the stack's session and data libraries (scripts/bench/stack-floor-server.mjs).",
    '',
    "The re-price's yardstick is the last floor (the stack's own libraries).",
    '',
    ...TABLE_HEAD,
    ...pricing.map(tableRow),
    '',
    '## Lighthouse, mobile (issue 17)',
    '',
    "Lighthouse's default mobile run (simulated slow 4G and a 4× slower CPU), performance only, on",
    "Debian's Chromium, five runs per page; the median of each figure.",
    '',
    '| page | Performance | FCP ms | LCP ms | TBT ms |',
    '|---|---:|---:|---:|---:|',
    ...lighthouse.map((r) => `| \`${r.path}\` | ${r.score} | ${r.fcp} | ${r.lcp} | ${r.tbt} |`),
    '',
    '## JavaScript and CSS loaded before any interaction',
    '',
    'CSS is inline in the page since issue 17, so no stylesheet is fetched; "as served" is what Chromium received.',
    '',
    '| page | JS files | JS raw KB | JS gzip KB | JS as served KB | CSS files | CSS gzip KB |',
    '|---|---:|---:|---:|---:|---:|---:|',
    ...weights.map((w) => `| \`${w.path}\` | ${w.js.files} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} | ${kb(w.js.served)} | ${w.css.files} | ${kb(w.css.gzip)} |`),
    '',
    '## Supporting services and consent (issue 5)',
    '',
    'Home weighed on a server with every vendor configured (Sentry, Datadog, LaunchDarkly, the Google',
    'tag, live chat, an analytics upstream) beside one with none. Vendor code loads only after consent,',
    'after the first paint and once the browser is idle, so a first visit and a denial load exactly what',
    'an unconfigured site loads. After Accept the figures include the vendor chunks loaded lazily (the',
    "vendors' own hosts are not reached here).",
    '',
    '| page | server and visitor | JS files | JS gzip KB | JS as served KB |',
    '|---|---|---:|---:|---:|',
    ...consentRows.map((r) => `| \`${r.path}\` | ${r.label} | ${r.js.files} | ${kb(r.js.gzip)} | ${kb(r.js.served)} |`),
    '',
    '## Budgets',
    '',
    '| issue | budget | measured | result | previous run |',
    '|---|---|---|---|---|',
    ...budgets.map((b) => `| ${b.issue ?? 2} | ${b.name} | ${b.measured} | ${result(b.pass)} | ${previous.get(b.name) ?? b.before ?? '—'} |`),
    '',
    'Withdrawn by issue 29 (a time on this shared machine holds only as a ratio to one measured in the same run):',
    '',
    ...withdrawn.map((line) => `- ${line}`),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
}
