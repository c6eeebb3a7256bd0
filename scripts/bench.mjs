// `npm run bench`: server-render throughput against a bare node:http server answering the same
// bytes, pricing against the stack's own floor, and the weight of every open page, checked against
// the budgets of scripts/bench/budgets.mjs; figures written to docs/performance.md.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import zlib from 'node:zlib';
import { measureAccount } from './bench/account-first-paint.mjs';
import { budgetsOf, WITHDRAWN } from './bench/budgets.mjs';
import { FINDINGS } from './bench/findings.mjs';
import { lighthouseScores } from './bench/lighthouse.mjs';
import { measure } from './bench/load.mjs';
import { pageWeights } from './bench/page-weight.mjs';
import { measureEngine, measurePricing } from './bench/pricing.mjs';
import { startBare, startBuiltServer } from './bench/processes.mjs';
import { measurePurchases } from './bench/purchase-series.mjs';
import { writeReport } from './bench/report.mjs';
import { makeCustomers, measureSignedIn } from './bench/signed-in.mjs';
import { measureFloorWrite, measureStackFloor } from './bench/stack-floor.mjs';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
// 6 s a run, three runs a figure: the whole run, Lighthouse included, takes about eight minutes.
const seconds = Number(process.env.BENCH_SECONDS || 6);
// Each load figure is the median of this many runs (scripts/bench/load.mjs says why).
const RUNS = 3;
// Issue 5: every supporting service configured (values of the right shape; nothing is reached).
const ALL_VENDORS = {
  APP_ENV: 'PRODUCTION',
  SENTRY_DSN: 'https://publickey@o1.ingest.sentry.io/2',
  DATADOG_CLIENT_TOKEN: `pub${'a'.repeat(32)}`,
  LAUNCHDARKLY_CLIENT_SIDE_ID: '0123456789abcdef01234567',
  GTAG_ID: 'G-ABC123XYZ',
  CHAT_WIDGET_URL: 'https://chat.vendor.example/widget.js',
  ANALYTICS_UPSTREAM_URL: 'https://analytics.vendor.example/v1',
};
const ANSWERED = (tracking) => [
  { name: 'meterly_consent_banner', value: 'true' },
  { name: 'meterly_tracking_consent', value: String(tracking) },
  { name: 'meterly_advertising_consent', value: String(tracking) },
];
const OPEN_PAGES = [
  '/',
  '/quote',
  '/agent',
  '/app',
  '/privacy-policy',
  '/cookies-policy',
  '/terms-and-conditions',
  '/about-us',
  '/contact',
  '/magic-link',
  '/login',
  '/app-link',
];

/** What Home's HTML says about its CSS and its page chunk. */
async function homeShellFacts(base) {
  const html = await (await fetch(`${base}/`)).text();
  const css = [...html.matchAll(/<style[^>]*>([\s\S]*?)<\/style>/g)].map((m) => m[1]).join('');
  return {
    inlineCssGzip: css ? zlib.gzipSync(css, { level: 9 }).length : 0,
    blockingStylesheets: (html.match(/<link rel="stylesheet"/g) ?? []).length,
    pageChunkPreloaded: /<link rel="modulepreload"[^>]*href="\/assets\/home-page-[^"]+\.js"/.test(html),
  };
}

/** A row measured beside another in the same run: its share of the other's throughput, and its p99 over the other's. */
function besideBare(row, bare) {
  return { ...row, share: row.requestsPerSecond / bare.requestsPerSecond, p99Ratio: row.p99 / bare.p99 };
}

function checkPageList() {
  const siteMap = fs.readFileSync(path.join(root, 'src/shared/site-map.ts'), 'utf8');
  const open = [...siteMap.matchAll(/page\('[^']+', '([^']+)', 'open'/g)].map((m) => m[1]);
  if (open.join() !== OPEN_PAGES.join()) throw new Error(`The bench's page list is out of date with src/shared/site-map.ts: ${open.join(', ')}`);
}

/**
 * `BENCH_ONLY=signed-in npm run bench`: the signed-in pages alone (about two minutes, nothing
 * written to docs/performance.md): each page beside a bare server with its bytes, first with My
 * account's data kept per customer (issue 29's read model), then on a second start of the same
 * server and database with `PAGE_DATA_KEEP=off`, every visit reading afresh, so a kept page's
 * hit rate is not taken for the speed of a read.
 */
async function signedInOnly(dataDir, children) {
  const first = await startBuiltServer(root, dataDir);
  children.push(first.app);
  await first.ready();
  const options = { connections: 50, seconds, warmupSeconds: 2, runs: RUNS };
  process.stdout.write('Signing customers in and buying their policies…\n');
  const customers = await makeCustomers(first.base, first.databaseUrl);
  const rows = [];
  const bares = new Map();
  const measured = async (server, tag) => {
    const signedIn = await measureSignedIn(server.base, customers, server.app.child.pid, { ...options, tag });
    for (const row of signedIn.rows) {
      if (!bares.has(row.path)) {
        const bytes = Buffer.from(await (await fetch(server.base + row.path, { headers: { cookie: customers[0].cookie } })).arrayBuffer());
        const bare = await startBare(bytes, dataDir, children);
        bares.set(row.path, { label: `bare node:http, \`${row.path}\`'s bytes`, ...(await measure(bare, options)) });
        rows.push(bares.get(row.path));
      }
      rows.push(besideBare(row, bares.get(row.path)));
    }
    rows.push({ label: `server memory (RSS) at most${tag}`, requestsPerSecond: `${(signedIn.peakRss / 2 ** 20).toFixed(0)} MB`, p50: '', p99: '' });
  };
  await measured(first, ', kept');
  await first.app.stop();
  const second = await startBuiltServer(root, dataDir, { PAGE_DATA_KEEP: 'off' });
  children.push(second.app);
  await second.ready();
  await measured(second, ', PAGE_DATA_KEEP=off');
  for (const row of rows) {
    const share = row.share === undefined ? '' : `  ${(row.share * 100).toFixed(1)} % of bare, p99 ${row.p99Ratio.toFixed(1)}× bare's`;
    process.stdout.write(`${row.label.padEnd(96)} ${String(row.requestsPerSecond).padStart(8)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${share}\n`);
  }
  return 0;
}

async function main() {
  checkPageList();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-bench-'));
  fs.chmodSync(dataDir, 0o755);
  const children = [];
  const cleanUp = async () => {
    await Promise.all(children.map((c) => c.stop()));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  process.on('SIGINT', () => void cleanUp().finally(() => process.exit(130)));
  try {
    if (process.env.BENCH_ONLY === 'signed-in') return await signedInOnly(dataDir, children);
    if (process.env.BENCH_ONLY) throw new Error(`BENCH_ONLY=${process.env.BENCH_ONLY}: only "signed-in" is known`);
    const { app, base, databaseUrl, ready } = await startBuiltServer(root, dataDir);
    children.push(app);
    await ready();

    // A bare server per page, answering that page's bytes: the load generator decodes every
    // answer into a string, and Spanish, with more accented letters, costs it more on the cores it
    // shares with the server (session 6); a signed-in page is smaller than Home (its stylesheet linked).
    const bareFor = async (page, headers = {}) => {
      const bytes = Buffer.from(await (await fetch(`${base}${page}`, { headers })).arrayBuffer());
      return startBare(bytes, dataDir, children);
    };
    const [bareEn, bareEs] = [await bareFor('/'), await bareFor('/es')];

    const options = { connections: 50, seconds, warmupSeconds: 2, runs: RUNS };
    process.stdout.write(`Measuring ${RUNS} × ${seconds} s each at 50 connections…\n`);
    const bareRow = { label: "bare node:http, `/`'s bytes", ...(await measure(bareEn, options)) };
    const enRow = besideBare({ label: 'Meterly `/`', ...(await measure(`${base}/`, options)) }, bareRow);
    const bareEsRow = { label: "bare node:http, `/es`'s bytes", ...(await measure(bareEs, options)) };
    const esRow = besideBare({ label: 'Meterly `/es`', ...(await measure(`${base}/es`, options)) }, bareEsRow);
    const load = [bareRow, enRow, bareEsRow, esRow];
    const ratio = Math.min(enRow.share, esRow.share);
    load.push({ label: 'ratio Meterly / bare (the lower locale)', requestsPerSecond: `${(ratio * 100).toFixed(1)} %`, p50: '', p99: '' });

    process.stdout.write('Signing customers in and buying their policies…\n');
    const customers = await makeCustomers(base, databaseUrl);
    // Unloaded, one after another, while nothing else runs: what a buyer waits for (issue 29).
    process.stdout.write("Timing a series of purchases, and the stack floor's one-statement write…\n");
    const purchase = await measurePurchases(base, databaseUrl, { count: 30 });
    const floorWrite = await measureFloorWrite(databaseUrl, { count: 30 });
    process.stdout.write('Opening My account in Chromium…\n');
    const account = await measureAccount(base, customers[0].cookie, { runs: 15 });
    const signedIn = await measureSignedIn(base, customers, app.child.pid, options);
    const signedInRows = [];
    for (const row of signedIn.rows) {
      const bare = { label: `bare node:http, \`${row.path}\`'s bytes`, ...(await measure(await bareFor(row.path, { cookie: customers[0].cookie }), options)) };
      signedInRows.push(bare, besideBare(row, bare));
    }
    const signedInPages = signedInRows.filter((r) => r.share !== undefined);
    const signedInRatio = Math.min(...signedInPages.map((r) => r.share));
    load.push(...signedInRows, {
      label: 'ratio signed-in page / bare (the lower page)',
      requestsPerSecond: `${(signedInRatio * 100).toFixed(1)} %`,
      p50: '',
      p99: '',
    });
    load.push({
      label: 'server memory (RSS) at most, under the signed-in load',
      requestsPerSecond: `${(signedIn.peakRss / 2 ** 20).toFixed(0)} MB`,
      p50: '',
      p99: '',
    });

    process.stdout.write('Measuring pricing…\n');
    const engineRow = await measureEngine(root);
    const [estimateRow, requoteRow, ...doorRows] = await measurePricing(base, options);
    process.stdout.write('Measuring the stack alone on the re-price…\n');
    const floors = await measureStackFloor(databaseUrl, options);
    const stackFloor = floors[floors.length - 1];
    const pricing = [engineRow, estimateRow, besideBare(requoteRow, stackFloor), ...doorRows, ...floors];

    process.stdout.write('Weighing pages in Chromium…\n');
    const paths = [...OPEN_PAGES, ...OPEN_PAGES.map((p) => (p === '/' ? '/es' : `/es${p}`))];
    const weights = await pageWeights(base, paths, path.join(root, 'dist/client'));
    const homes = weights.filter((w) => w.path === '/' || w.path === '/es');
    const maxJs = Math.max(...homes.map((w) => w.js.gzip));
    const maxServedJs = Math.max(...homes.map((w) => w.js.served));
    const homeShell = await homeShellFacts(base);
    const maxCss = Math.max(...homes.map((w) => w.css.gzip), homeShell.inlineCssGzip);

    process.stdout.write('Lighthouse, mobile, five runs each of /, /es and /quote…\n');
    const lighthouse = await lighthouseScores(base, ['/', '/es', '/quote']);
    const worstLighthouse = {
      score: Math.min(...lighthouse.map((r) => r.score)),
      lcp: Math.max(...lighthouse.map((r) => r.lcp)),
      tbt: Math.max(...lighthouse.map((r) => r.tbt)),
    };

    process.stdout.write('Weighing Home with every vendor configured…\n');
    const vendorsData = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-bench-vendors-'));
    fs.chmodSync(vendorsData, 0o755);
    const vendors = await startBuiltServer(root, vendorsData, ALL_VENDORS);
    const vendorsBase = vendors.base;
    children.push({ stop: async () => (await vendors.app.stop(), fs.rmSync(vendorsData, { recursive: true, force: true })) });
    await vendors.ready();
    const clientDir = path.join(root, 'dist/client');
    const consentRows = [];
    for (const [label, server, cookies] of [
      ['none configured, first visit (banner shown)', base, []],
      ['every vendor configured, first visit (banner shown)', vendorsBase, []],
      ['every vendor configured, optional cookies denied', vendorsBase, ANSWERED(false)],
      ['every vendor configured, optional cookies accepted', vendorsBase, ANSWERED(true)],
    ]) {
      for (const w of await pageWeights(server, ['/', '/es'], clientDir, { cookies })) consentRows.push({ label, ...w });
    }
    const sameJs = (a, b) => a.list.filter((f) => f.endsWith('.js')).join() === b.list.filter((f) => f.endsWith('.js')).join();
    const noConsentSame = ['/', '/es'].every((p) =>
      sameJs(
        consentRows.find((r) => r.path === p && r.label.startsWith('none')),
        consentRows.find((r) => r.path === p && r.label.startsWith('every vendor configured, first')),
      ),
    );

    const budgets = budgetsOf({
      home: { ratio },
      signedIn: {
        ratio: signedInRatio,
        peakRss: signedIn.peakRss,
        // The lower page's share of answers that carried all their own data (null: a page without any).
        completeShare: Math.min(...signedIn.rows.map((r) => r.completeShare ?? 1)),
      },
      engineRow,
      estimateRow,
      requoteRow: besideBare(requoteRow, stackFloor),
      stackFloor,
      weights: { maxJs, maxServedJs, maxCss },
      homeShell,
      noConsentSame,
      lighthouse: worstLighthouse,
      purchase,
      floorWrite,
      account,
    });
    writeReport(path.join(root, 'docs/performance.md'), {
      load,
      pricing,
      weights,
      budgets,
      withdrawn: WITHDRAWN,
      seconds,
      runs: RUNS,
      consentRows,
      findings: FINDINGS,
      lighthouse,
    });
    for (const row of consentRows)
      process.stdout.write(`${row.path.padEnd(4)} ${row.label.padEnd(52)} JS ${(row.js.gzip / 1024).toFixed(1)} KB gzip (${row.js.files} files)\n`);

    for (const row of [...load, ...pricing])
      process.stdout.write(
        `${row.label.padEnd(42)} ${String(row.requestsPerSecond).padStart(8)} req/s  p50 ${row.p50} ms  p99 ${row.p99} ms${row.eachP99 ? ` (runs: ${row.eachP99.join(', ')})` : ''}\n`,
      );
    for (const w of homes)
      process.stdout.write(
        `${w.path.padEnd(4)} JS ${(w.js.gzip / 1024).toFixed(1)} KB gzip, ${(w.js.served / 1024).toFixed(1)} KB as served (${w.js.files} files)\n`,
      );
    for (const b of budgets) process.stdout.write(`${b.pass === null ? 'INFO' : b.pass ? 'PASS' : 'FAIL'}  ${b.name}: ${b.measured}\n`);
    process.stdout.write('Written to docs/performance.md\n');
    return budgets.every((b) => b.pass !== false) ? 0 : 1;
  } finally {
    await cleanUp();
  }
}

main().then(
  (code) => process.exit(code),
  (error) => {
    process.stderr.write(`Bench failed: ${error.message}\n`);
    process.exit(2);
  },
);
