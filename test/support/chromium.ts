import { chromium, type Browser, type BrowserContextOptions, type Page } from 'playwright-core';
import { PAGE_CODE_ID } from '../../src/modules/ssr/page-code-loader';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from './test-app';

export const CHROMIUM_ARGS = ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'];

/** Debian's Chromium, headless: never a downloaded browser. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: process.env.CHROMIUM_PATH || '/usr/bin/chromium', args: CHROMIUM_ARGS });
}

export interface WatchedPage {
  page: Page;
  /** Console errors and warnings, and uncaught page errors, seen so far. */
  problems: string[];
}

/**
 * The cookie banner blocks a page until it is answered (issue 5), so by default a watched page
 * belongs to a visitor who answered it before (both optional kinds refused). Suites about the
 * banner itself ask for a first visit with `{ firstVisit: true }`.
 */
export const ANSWERED_CONSENT = [
  { name: 'meterly_consent_banner', value: 'true' },
  { name: 'meterly_tracking_consent', value: 'false' },
  { name: 'meterly_advertising_consent', value: 'false' },
];

const RESOURCE_503 = /^Failed to load resource: the server responded with a status of 503\b/;

export async function openWatchedPage(
  browser: Browser,
  { firstVisit = false, ...options }: BrowserContextOptions & { firstVisit?: boolean } = {},
): Promise<WatchedPage> {
  const context = await browser.newContext({ viewport: { width: 1200, height: 850 }, ...options });
  if (!firstVisit) await context.addCookies(ANSWERED_CONSENT.map((cookie) => ({ ...cookie, domain: '127.0.0.1', path: '/', sameSite: 'Lax' as const })));
  const page = await context.newPage();
  const problems: string[] = [];
  page.on('console', (message) => {
    // Chromium's own line for a 503 is not a problem by itself: the app asks a read again after one
    // (api-client.ts), and a 503 that stands is the app's "[tag] … failed" warning, which is counted.
    if (message.type() === 'error' && RESOURCE_503.test(message.text())) return;
    if (message.type() === 'error' || message.type() === 'warning') problems.push(`${message.type()}: ${message.text()}`);
  });
  page.on('pageerror', (error) => problems.push(`pageerror: ${error.message}`));
  if (options.javaScriptEnabled !== false) waitForHydrationOnArrival(page);
  return { page, problems };
}

/** Longer than any page takes to hydrate here; a page whose code was made to fail goes on after it. */
const HYDRATION_WAIT_MS = 15_000;

/**
 * A page's code starts after its first paint (issue 17, page-code-loader.ts), so a document is
 * usable once React has hydrated it, as a person waits for a page to respond: `goto`, `reload`
 * and `waitForURL` wait for that too, unless told to return earlier (`commit`, `domcontentloaded`).
 */
function waitForHydrationOnArrival(page: Page): void {
  const hydrated = () =>
    page
      .waitForFunction((templateId) => !document.getElementById(templateId) || document.documentElement.dataset.hydrated === 'true', PAGE_CODE_ID, {
        timeout: HYDRATION_WAIT_MS,
      })
      .then(
        () => undefined,
        () => undefined,
      );
  const after =
    <A extends unknown[], R>(original: (...args: A) => Promise<R>, waitUntilOf: (args: A) => string | undefined) =>
    async (...args: A): Promise<R> => {
      const result = await original(...args);
      if ((waitUntilOf(args) ?? 'load') === 'load') await hydrated();
      return result;
    };
  page.goto = after(page.goto.bind(page), ([, options]) => options?.waitUntil);
  page.reload = after(page.reload.bind(page), ([options]) => options?.waitUntil);
  page.waitForURL = after(page.waitForURL.bind(page), ([, options]) => options?.waitUntil);
}

/**
 * One app on its own database and one Chromium for a test file, started before its tests and
 * closed after them.
 */
export function browserTestEnvironment(env: Record<string, string> = {}): { readonly app: TestApp; readonly browser: Browser } {
  let app: TestApp | undefined;
  let browser: Browser | undefined;
  let starting: Promise<void> | undefined;
  beforeAll(
    () =>
      (starting = (async () => {
        app = await createTestApp(env);
        browser = await launchChromium();
      })()),
    APP_START_TIMEOUT_MS,
  );
  // A start slower than its hook's time-out is waited for and closed all the same (use-test-app.ts).
  afterAll(async () => {
    await starting?.catch(() => undefined);
    await browser?.close();
    await app?.close();
  });
  return {
    get app() {
      return app!;
    },
    get browser() {
      return browser!;
    },
  };
}
