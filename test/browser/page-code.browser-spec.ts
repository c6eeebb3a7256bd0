import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import type { Page } from 'playwright-core';

// Issue 17: a page's code waits in an inert template until the browser has painted the page the
// server sent, then all of it starts at once; without paint timing it starts at once.
const hydrated = (page: Page) => page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');

/** When the entry script was asked for, and when the first contentful paint happened. */
const timings = (page: Page) =>
  page.evaluate(() => ({
    entry: performance.getEntriesByType('resource').find((e) => /\/assets\/index-[^/]+\.js$/.test(e.name))?.startTime,
    paint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime,
    scripts: document.querySelectorAll('head > script[type="module"][src^="/assets/index-"]').length,
    preloads: [...document.querySelectorAll('head > link[rel="modulepreload"]')].map((l) => l.getAttribute('href')),
  }));

describe("A page's code after the first paint", () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  it.each([['/'], ['/es/quote']])('%s: asks for the code only once painted, all of it at once, and hydrates', async (path) => {
    const { page, problems } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}${path}`);
    await hydrated(page);
    const seen = await timings(page);
    expect(seen.paint).toBeGreaterThan(0);
    expect(seen.entry).toBeGreaterThanOrEqual(seen.paint);
    expect(seen.scripts).toBe(1);
    // The page's own chunk is preloaded beside the entry, not asked for by it later.
    expect(seen.preloads.some((href) => /\/assets\/(home|quote)-page-/.test(href ?? ''))).toBe(true);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('keeps a form without an action from being sent by the browser before the code runs (no e-mail in the address); one with an action goes', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
      await held;
      await route.continue();
    });
    const documents: string[] = [];
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) documents.push(frame.url());
    });
    await page.goto(`${env.app.url}/about-us`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.readyState !== 'loading');
    // The shape of a form a page behind sign-in renders on the server (fields with names, no action),
    // outside React's root so that hydration has nothing to match it with.
    await page.evaluate(() =>
      document.body.insertAdjacentHTML('beforeend', '<form id="early"><input name="email" value="early@example.com"><button>Send</button></form>'),
    );
    await page.locator('#early button').click();
    release();
    await hydrated(page);
    expect(documents.filter((url) => url.includes('email'))).toEqual([]);
    expect(page.url()).toBe(`${env.app.url}/about-us`);
    expect(problems).toEqual([]);

    // Home's estimator names where it goes: sent before the code runs, it opens the quote.
    await page.route(/\/assets\/index-[^/]+\.js$/, (route) => route.abort());
    await page.goto(`${env.app.url}/`, { waitUntil: 'commit' });
    await page.waitForFunction(() => document.querySelector('form[action]') !== null);
    await page.locator('form[action] input[name=zip]').fill('85004');
    await page.locator('form[action] input[name=zip]').press('Enter');
    await page.waitForURL(/\/quote\?zip=85004/);
    await page.context().close();
  });

  it('runs the entry only once the page is parsed, when the browser paints before the parser reaches the state', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    // A script that holds the parser just before the page's state, as a slow phone's parser would.
    await page.route(`${env.app.url}/about-us`, async (route) => {
      const response = await route.fetch();
      const html = (await response.text()).replace(/<script nonce="[^"]+">window\.__METERLY_STATE__/, '<script src="/slow-parser.js"></script>$&');
      await route.fulfill({ response, body: html });
    });
    let paintedThenReleased!: () => void;
    const painted = new Promise<void>((resolve) => (paintedThenReleased = resolve));
    await page.route(`${env.app.url}/slow-parser.js`, async (route) => {
      await painted;
      await route.fulfill({ status: 200, contentType: 'text/javascript', body: '' });
    });
    await page.goto(`${env.app.url}/about-us`, { waitUntil: 'commit' });
    // Painted, and the code asked for, while the parser still waits.
    await page.waitForFunction(() => performance.getEntriesByName('first-contentful-paint').length > 0 && document.readyState === 'loading');
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((e) => /\/assets\/vendor-/.test(e.name)));
    paintedThenReleased();
    await hydrated(page);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('starts the code at once in a browser without paint timing', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await page.addInitScript(() => {
      Object.defineProperty(window, 'PerformanceObserver', { value: undefined });
    });
    await page.goto(`${env.app.url}/`);
    await hydrated(page);
    expect((await timings(page)).scripts).toBe(1);
    expect(problems).toEqual([]);
    await page.context().close();
  });
});
