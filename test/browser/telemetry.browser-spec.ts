import http from 'node:http';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import type { AddressInfo } from 'node:net';
import type { Request } from 'playwright-core';

/** A loopback stand-in for the analytics service: records every batch it is sent. */
const upstream = {
  server: undefined as http.Server | undefined,
  port: 0,
  batches: [] as Array<{ path: string; body: { batch: Array<Record<string, unknown>> } }>,
};
const ready = new Promise<void>((resolve) => {
  upstream.server = http.createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      upstream.batches.push({ path: req.url ?? '', body: JSON.parse(body) });
      res.writeHead(200, { 'content-type': 'application/json' }).end('{"success":true}');
    });
  });
  upstream.server.listen(0, '127.0.0.1', () => {
    upstream.port = (upstream.server!.address() as AddressInfo).port;
    resolve();
  });
});

const VENDOR_SDK_CHUNK = /\/assets\/(analytics|sentry|datadog|launch-darkly|gtag)-sdk-/;

describe('What leaves the page before and after consent', () => {
  jest.setTimeout(120_000);
  // Every vendor configured, outside TEST so the adapters are on; the analytics upstream is ours.
  beforeAll(() => ready);
  const env = browserTestEnvironment({
    APP_ENV: 'STAGING',
    // STAGING logs every request at info; a passing run prints warnings only.
    LOG_LEVEL: 'warn',
    // STAGING on an external database needs SMTP_URL; this test sends no mail.
    SMTP_URL: 'smtp://127.0.0.1:2525',
    get ANALYTICS_UPSTREAM_URL() {
      return `http://127.0.0.1:${upstream.port}/v1`;
    },
    SENTRY_DSN: 'https://publickey@o1.ingest.sentry.io/2',
    DATADOG_CLIENT_TOKEN: `pub${'a'.repeat(32)}`,
    LAUNCHDARKLY_CLIENT_SIDE_ID: '0123456789abcdef01234567',
    GTAG_ID: 'G-ABC123XYZ',
    CHAT_WIDGET_URL: 'https://chat.vendor.example/widget.js',
  });
  afterAll(() => new Promise((resolve) => upstream.server!.close(resolve)));

  it('sends no analytics, tag, replay or chat request before consent; after Accept the batches reach /api/a and the upstream intact', async () => {
    const { page } = await openWatchedPage(env.browser, { firstVisit: true });
    const requests: Request[] = [];
    page.on('request', (req) => requests.push(req));
    // Nothing may reach the outside world from a test: vendor hosts are answered here.
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    const origin = env.app.url;

    await page.goto(`${origin}/cookies-policy`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog').waitFor();
    // Past the chat's 5000 ms idle, and the batching timeout.
    await page.waitForTimeout(6500);
    const before = requests.map((req) => req.url());
    expect(before.filter((url) => !url.startsWith(origin))).toEqual([]);
    expect(before.filter((url) => url.includes('/api/a'))).toEqual([]);
    expect(before.filter((url) => VENDOR_SDK_CHUNK.test(url))).toEqual([]);
    expect(await page.evaluate(() => 'dataLayer' in window)).toBe(false);

    await page.getByRole('dialog').getByRole('button', { name: 'Accept' }).click();
    // The first batch: this page's view, sent when the 5000 ms batching timeout ends.
    const first = await page.waitForRequest((req) => req.url() === `${origin}/api/a/b`, { timeout: 20_000 });
    const firstBody = first.postDataJSON();
    expect(firstBody.batch.map((e: { type: string }) => e.type)).toEqual(['page']);
    expect(firstBody.batch[0].properties).toMatchObject({ path: '/cookies-policy', ff_web_live_chat: true });
    // Twelve events at once: one batch of 10 at once (the batch size), the other 2 after the timeout.
    const panelConfirm = page.locator('#cookie-settings').getByRole('button', { name: 'Confirm' });
    for (let i = 0; i < 12; i += 1) {
      await panelConfirm.click();
      await page.waitForTimeout(30);
    }
    const deadline = Date.now() + 20_000;
    const tracked = () => upstream.batches.flatMap((b) => b.body.batch).filter((e) => e.event === 'Cookie Settings Updated').length;
    while (tracked() < 12 && Date.now() < deadline) await page.waitForTimeout(200);
    expect(tracked()).toBe(12);

    const sent = requests.filter((req) => req.url() === `${origin}/api/a/b`).map((req) => req.postDataJSON());
    expect(sent.map((body) => body.batch.length).sort((a, b) => a - b)).toEqual([1, 2, 10]);
    expect(upstream.batches.map((b) => b.path)).toEqual(['/v1/b', '/v1/b', '/v1/b']);
    // Intact: what the upstream got is what the browser sent, batch by batch.
    expect(upstream.batches.map((b) => b.body)).toEqual(expect.arrayContaining(sent));
    for (const body of sent) {
      expect(body.writeKey).toBe('meterly-web');
      for (const event of body.batch) expect(event.anonymousId).toEqual(expect.any(String));
    }
    await page.context().close();
  });

  it("sends the analytics client's own health metrics nowhere: no /api/a/m and no console error after Accept (issue 26)", async () => {
    const { page, problems } = await openWatchedPage(env.browser, { firstVisit: true });
    await page.route(/^https:\/\/(?!127\.0\.0\.1)/, (route) => route.fulfill({ status: 200, contentType: 'text/javascript', body: '' }));
    // The client sends its metrics every 30 s: a clock of the page's own, moved past two of them.
    await page.clock.install();
    const posted: string[] = [];
    page.on('request', (req) => void (req.url().startsWith(`${env.app.url}/api/a/`) && posted.push(new URL(req.url()).pathname)));
    await page.goto(`${env.app.url}/es/about-us`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog').getByRole('button', { name: 'Aceptar' }).click();
    await page.waitForRequest((req) => req.url() === `${env.app.url}/api/a/b`, { timeout: 20_000 }).catch(() => undefined);
    for (let i = 0; i < 3; i += 1) {
      await page.clock.fastForward(31_000);
      await page.waitForTimeout(300);
    }
    expect(posted.filter((path) => path !== '/api/a/b')).toEqual([]);
    // Vendors' hosts are stand-ins here (no CORS headers): only our own endpoint's refusals count.
    expect(problems.filter((problem) => /\/api\/a|\b415\b/.test(problem))).toEqual([]);
    await page.context().close();
  });

  it('allows the configured vendors in the Content-Security-Policy, and only them', async () => {
    const csp = (await fetch(`${env.app.url}/`)).headers.get('content-security-policy')!;
    expect(csp).toContain('https://www.googletagmanager.com');
    expect(csp).toContain('https://o1.ingest.sentry.io');
    expect(csp).toContain('https://browser-intake-datadoghq.com');
    expect(csp).toContain('https://clientstream.launchdarkly.com');
    expect(csp).toContain('frame-src https://chat.vendor.example');
    expect(csp).not.toContain('segment');
  });
});
