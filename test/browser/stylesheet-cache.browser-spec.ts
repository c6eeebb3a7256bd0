import { signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { uniqueEmail } from '../support/sign-in';

/**
 * Issue 17: open pages carry the stylesheet inline and fetch the file into the browser's cache
 * once idle; pages behind sign-in link that same file (hashed, cached for good). A customer who
 * came through an open page sees their profile styled.
 */
describe('The stylesheet of pages behind sign-in', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  it('is prefetched by an open page, and the profile links that same file and is styled', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/`);
    const href = await page.locator('style[data-href]').getAttribute('data-href');
    expect(href).toMatch(/^\/assets\/index-[^/]+\.css$/);
    await page.locator(`link[rel="prefetch"][href="${href}"]`).waitFor({ state: 'attached' });
    await page.waitForFunction((file) => performance.getEntriesByName(location.origin + file).length > 0, href);

    await signInThroughMailbox(page, env.app.url, uniqueEmail('stylesheet'));
    // The sign-in lands on the profile inside the page already open; a visit loads its document.
    await page.goto(`${env.app.url}/profile`);
    expect(await page.locator('style[data-href]').count()).toBe(0);
    expect(await page.locator(`link[rel="stylesheet"][href="${href}"]`).count()).toBe(1);
    // Styled: the stylesheet's layout rules apply (the header is a flex bar, not a block of links).
    expect(await page.locator('.site-header__bar').evaluate((bar) => getComputedStyle(bar).display)).toBe('flex');
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await page.context().close();
  });
});
