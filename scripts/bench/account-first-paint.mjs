// My account complete in one answer (issue 29): how long /profile takes, in headless Chromium, from
// navigation to the last of its data on screen, and how many API calls it makes once its code runs.
//
//   measureAccount(base, cookie, { runs }) → { completeMs, dataShownMs, hydratedMs: { median, p99 }, apiCallsAfterHydration, apiPaths }
//
// Run alone against a build (the server started here, a customer with a policy made through the API):
//   node scripts/bench/account-first-paint.mjs [root of a built checkout, default this one] [runs]
/* global window, document, location, MutationObserver */
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { customerWithPolicy } from './customer-with-policy.mjs';
import { startBuiltServer } from './processes.mjs';

const here = path.dirname(fileURLToPath(import.meta.url));
// As test/support/chromium.ts launches it: Debian's Chromium, never a downloaded one.
const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];
// A returning visitor: the cookie banner answered (it does not hold the data back, but a first visit is not what is measured).
const ANSWERED = [
  { name: 'meterly_consent_banner', value: 'true' },
  { name: 'meterly_tracking_consent', value: 'false' },
  { name: 'meterly_advertising_consent', value: 'false' },
];
// The namespaces of My account's panels: every text under a "loading" key is a panel still waiting for its data.
const NAMESPACES = ['profile', 'claims', 'payment', 'policy-changes'];
// A figure is taken once the page has stayed complete this long (a request started after would undo it).
const SETTLED_MS = 400;

/** Every "loading" text of My account's panels, in the locale's JSON files. */
function loadingTexts(root, locale) {
  const texts = [];
  const walk = (node) => {
    for (const [key, value] of Object.entries(node)) {
      if (typeof value === 'string' && key === 'loading') texts.push(value);
      else if (value && typeof value === 'object') walk(value);
    }
  };
  for (const name of NAMESPACES) walk(JSON.parse(fs.readFileSync(path.join(root, 'src/client/locales', locale, `${name}.json`), 'utf8')));
  return texts;
}

/**
 * Runs in the page before its own scripts: counts /api/ fetches in flight and notes (ms since
 * navigation started) the first contentful paint, when React hydrated the page (<html
 * data-hydrated>), and the last time its data became all there: no /api/ request pending and no
 * panel showing its loading line (null while that is not so).
 */
function watchCompletion(loading) {
  const watch = { pending: 0, dataAt: null, hydratedAt: null, paintAt: null };
  window.__accountFirstPaint = watch;
  const waiting = new Set(loading);
  const check = () => {
    if (watch.hydratedAt === null && document.documentElement?.dataset.hydrated === 'true') watch.hydratedAt = performance.now();
    const there = watch.pending === 0 && ![...document.querySelectorAll('p')].some((p) => waiting.has((p.textContent || '').trim()));
    if (!there) watch.dataAt = null;
    else if (watch.dataAt === null) watch.dataAt = performance.now();
  };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntriesByName('first-contentful-paint')) watch.paintAt = entry.startTime;
  }).observe({ type: 'paint', buffered: true });
  const fetch = window.fetch;
  window.fetch = function (input, init) {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    // The session's own refresh (session-context.tsx, every page) is counted as a call but is not the page's data.
    const { pathname } = new URL(url, location.href);
    const api = pathname.startsWith('/api/') && pathname !== '/api/session';
    if (api) watch.pending++;
    check();
    const answer = fetch.call(this, input, init);
    // After the answer is read and drawn: the next task.
    const done = () => setTimeout(() => (watch.pending--, check()));
    if (api) answer.then(done, done);
    return answer;
  };
  new MutationObserver(check).observe(document, { subtree: true, childList: true, characterData: true, attributes: true });
}

const quantile = (sorted, q) => sorted[Math.min(sorted.length - 1, Math.ceil(q * sorted.length) - 1)];

/**
 * /profile for the customer of `cookie` (a Cookie header), `runs` times, each in a fresh browser
 * context (nothing cached from the run before). Per run, from navigation start:
 *   dataShownMs   the last of the page's data on screen: no panel loading, no /api/ request pending,
 *                 and painted (at least the first contentful paint);
 *   completeMs    that, and React has hydrated the page (it works as well as shows);
 *   hydratedMs    React has hydrated the page (its code starts after the first paint, page-code-loader.ts).
 * Each as { median, p99 }. apiCallsAfterHydration: the /api/ calls the page's code made (it makes
 * none before: the code runs at hydration), the most of any run, with that run's calls.
 */
export async function measureAccount(base, cookie, { runs = 15, path: pagePath = '/profile', locale = 'en-US', root = path.resolve(here, '../..') } = {}) {
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
  const { hostname } = new URL(base);
  const cookies = [
    ...ANSWERED,
    ...cookie
      .split(';')
      .map((pair) => pair.trim())
      .filter(Boolean)
      .map((pair) => ({ name: pair.slice(0, pair.indexOf('=')), value: pair.slice(pair.indexOf('=') + 1) })),
  ].map((c) => ({ ...c, domain: hostname, path: '/', sameSite: 'Lax' }));
  const loading = loadingTexts(root, locale);
  const figures = { completeMs: [], dataShownMs: [], hydratedMs: [] };
  let apiCallsAfterHydration = 0;
  let apiPaths = [];
  try {
    for (let run = 0; run < runs; run++) {
      const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
      await context.addCookies(cookies);
      await context.addInitScript(watchCompletion, loading);
      const page = await context.newPage();
      const calls = [];
      page.on('request', (request) => {
        const { pathname } = new URL(request.url());
        if (pathname.startsWith('/api/') && ['fetch', 'xhr'].includes(request.resourceType())) calls.push(`${request.method()} ${pathname}`);
      });
      const res = await page.goto(base + pagePath, { waitUntil: 'commit' });
      if (res?.status() !== 200) throw new Error(`${pagePath}: ${res?.status()}`);
      await page.waitForFunction(
        (settled) => {
          const { dataAt, hydratedAt, paintAt } = window.__accountFirstPaint;
          return dataAt !== null && hydratedAt !== null && paintAt !== null && performance.now() - Math.max(dataAt, hydratedAt) >= settled;
        },
        SETTLED_MS,
        { timeout: 30_000, polling: 50 },
      );
      const { dataAt, hydratedAt, paintAt } = await page.evaluate(() => window.__accountFirstPaint);
      figures.dataShownMs.push(Math.max(dataAt, paintAt));
      figures.completeMs.push(Math.max(dataAt, paintAt, hydratedAt));
      figures.hydratedMs.push(hydratedAt);
      if (calls.length >= apiCallsAfterHydration) [apiCallsAfterHydration, apiPaths] = [calls.length, calls];
      await context.close();
    }
  } finally {
    await browser.close();
  }
  const summary = (times) => {
    const sorted = [...times].sort((a, b) => a - b);
    return { median: Math.round(quantile(sorted, 0.5)), p99: Math.round(quantile(sorted, 0.99)) };
  };
  return {
    completeMs: summary(figures.completeMs),
    dataShownMs: summary(figures.dataShownMs),
    hydratedMs: summary(figures.hydratedMs),
    apiCallsAfterHydration,
    apiPaths,
  };
}

/** The server's CPU time (user + system, ms) from /proc, or undefined off Linux. */
function cpuMs(pid) {
  try {
    const fields = fs.readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return ((Number(fields[11]) + Number(fields[12])) * 1000) / 100;
  } catch {
    return undefined;
  }
}

/** The server's CPU per /profile answered, one request at a time (a page and everything it reads). */
async function cpuPerRender(base, cookie, pid, count = 300) {
  for (let i = 0; i < 30; i++) await (await fetch(base + '/profile', { headers: { cookie } })).text();
  const before = cpuMs(pid);
  for (let i = 0; i < count; i++) await (await fetch(base + '/profile', { headers: { cookie } })).text();
  const after = cpuMs(pid);
  return before === undefined ? undefined : (after - before) / count;
}

async function main() {
  const root = path.resolve(process.argv[2] ?? path.resolve(here, '../..'));
  const runs = Number(process.argv[3] ?? 15);
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'meterly-account-'));
  fs.chmodSync(dataDir, 0o755);
  const { app, base, databaseUrl, ready } = await startBuiltServer(root, dataDir);
  try {
    await ready();
    const { cookie } = await customerWithPolicy(base, databaseUrl);
    const result = await measureAccount(base, cookie, { runs, root });
    const cpu = await cpuPerRender(base, cookie, app.child.pid);
    process.stdout.write(`${JSON.stringify({ root, runs, ...result, serverCpuMsPerProfile: cpu && Number(cpu.toFixed(2)) }, null, 2)}\n`);
  } finally {
    await app.stop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) await main();
