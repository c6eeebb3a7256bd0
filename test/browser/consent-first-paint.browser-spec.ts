import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import type { Page } from 'playwright-core';

// Issue 17: the banner is in every page's HTML, hidden; the page's inline script shows it before
// the first paint when no choice is stored, and React hydrates that same markup.
const LOCALES = [
  ['en-US', '', 'We use cookies'],
  ['es', '/es', 'Usamos cookies'],
] as const;

/** Holds the client entry (so the page stays as the server sent it) until `release` is called. */
async function holdEntry(page: Page): Promise<() => void> {
  let release!: () => void;
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(/\/assets\/index-[^/]+\.js$/, async (route) => {
    await held;
    await route.continue();
  });
  return release;
}

const hydrated = (page: Page) => page.evaluate(() => document.documentElement.dataset.hydrated === 'true');

describe('The consent banner in the first paint', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(LOCALES)('in %s', (_locale, prefix, title) => {
    it('is in the HTML the server sends, hidden: a browser that runs no script never shows it', async () => {
      const html = await (await fetch(`${env.app.url}${prefix}/`)).text();
      expect(html).toContain(`<h2 id="consent-title" class="consent-banner__title">${title}</h2>`);
      const { page } = await openWatchedPage(env.browser, { firstVisit: true, javaScriptEnabled: false });
      await page.goto(`${env.app.url}${prefix}/`);
      expect(await page.locator('[role=dialog]').count()).toBe(1);
      expect(await page.locator('[role=dialog]').isVisible()).toBe(false);
      await page.context().close();
    });

    it('is shown before hydration when no choice is stored, and React takes over the same markup without a mismatch', async () => {
      const { page, problems } = await openWatchedPage(env.browser, { firstVisit: true });
      const release = await holdEntry(page);
      await page.goto(`${env.app.url}${prefix}/`, { waitUntil: 'commit' });
      const banner = page.getByRole('dialog', { name: title });
      await banner.waitFor();
      expect(await hydrated(page)).toBe(false);
      await banner.evaluate((element) => ((element as HTMLElement & { fromServer?: boolean }).fromServer = true));
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.waitForFunction(() => document.querySelector('[role=dialog]')?.contains(document.activeElement));
      expect(await banner.isVisible()).toBe(true);
      // A mismatch makes React render the page again in new nodes (and say so on the console).
      expect(await banner.evaluate((element) => (element as HTMLElement & { fromServer?: boolean }).fromServer === true)).toBe(true);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it("is in the first paint on a phone: the banner's text is the largest paint, and it comes with the first", async () => {
      const { page, problems } = await openWatchedPage(env.browser, { firstVisit: true, viewport: { width: 390, height: 844 } });
      await page.addInitScript(() => {
        const paints: Array<{ at: number; inBanner: boolean }> = [];
        (window as unknown as { paints: typeof paints }).paints = paints;
        new PerformanceObserver((list) => {
          for (const entry of list.getEntries() as Array<PerformanceEntry & { element?: Element | null }>)
            paints.push({ at: entry.startTime, inBanner: Boolean(entry.element?.closest('[role=dialog]')) });
        }).observe({ type: 'largest-contentful-paint', buffered: true });
      });
      await page.goto(`${env.app.url}${prefix}/quote`, { waitUntil: 'networkidle' });
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.waitForTimeout(300);
      const { paints, first } = await page.evaluate(() => ({
        paints: (window as unknown as { paints: Array<{ at: number; inBanner: boolean }> }).paints,
        first: performance.getEntriesByName('first-contentful-paint')[0].startTime,
      }));
      expect(paints.at(-1)).toEqual({ at: first, inBanner: true });
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('stays hidden when a choice is stored, and is gone once React has read it', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      await page.addInitScript(() => {
        const flag = window as unknown as { sawBanner?: boolean };
        new MutationObserver(() => {
          if (document.querySelector('[role=dialog]')?.checkVisibility()) flag.sawBanner = true;
        }).observe(document, { childList: true, subtree: true, attributes: true });
      });
      const release = await holdEntry(page);
      await page.goto(`${env.app.url}${prefix}/`, { waitUntil: 'commit' });
      // Parsed to the end (the inline scripts ran); the held entry is all that is left.
      await page.waitForFunction(() => document.readyState !== 'loading' && document.querySelector('.consent-layer') !== null);
      expect(await page.locator('[role=dialog]').isVisible()).toBe(false);
      release();
      await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
      await page.locator('.consent-layer').waitFor({ state: 'detached' });
      expect(await page.evaluate(() => (window as unknown as { sawBanner?: boolean }).sawBanner ?? false)).toBe(false);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
