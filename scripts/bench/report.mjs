// docs/performance.md: a short hand-written head, then the figures of the last run.
import fs from 'node:fs';
import os from 'node:os';

const kb = (bytes) => (bytes / 1024).toFixed(1);

export function writeReport(file, { load, pricing, weights, budgets, seconds }) {
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
    '## Pricing under load (50 connections)',
    '',
    'The engine alone is timed call by call in the bench process (two drivers, full coverage, calls per second',
    'in the first column). Over HTTP, the estimate rates a driver and a car and stores nothing; pricing a saved',
    'quote again reads the session and the quote under a row lock, rates it and writes the new price in one',
    'transaction (50 visitors, one quote each). A person waits for the HTTP figures; on this 2-core machine',
    'the load generator, the server and PostgreSQL share the cores, so the budgets leave room for that.',
    '',
    '| what | requests/s | p50 ms | p99 ms |',
    '|---|---:|---:|---:|',
    ...pricing.map((row) => `| ${row.label} | ${row.requestsPerSecond} | ${row.p50} | ${row.p99} |`),
    '',
    '## JavaScript and CSS loaded before any interaction',
    '',
    '| page | JS files | JS raw KB | JS gzip KB | CSS raw KB | CSS gzip KB |',
    '|---|---:|---:|---:|---:|---:|',
    ...weights.map((w) => `| \`${w.path}\` | ${w.js.files} | ${kb(w.js.raw)} | ${kb(w.js.gzip)} | ${kb(w.css.raw)} | ${kb(w.css.gzip)} |`),
    '',
    '## Budgets',
    '',
    '| issue | budget | measured | result |',
    '|---|---|---|---|',
    ...budgets.map((b) => `| ${b.issue ?? 2} | ${b.name} | ${b.measured} | ${b.pass ? 'pass' : '**FAIL**'} |`),
    '',
  ];
  fs.writeFileSync(file, lines.join('\n'));
}
