import { localizePath, LOCALES, type Locale } from '../../src/shared/locale';
import { prepareQuote } from '../support/browser-quote';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { createSignedInCookie } from '../support/session-fixtures';
import type { Page } from 'playwright-core';

const VIEWPORTS = [
  { name: 'desktop', viewport: { width: 1280, height: 800 } },
  { name: 'phone', viewport: { width: 390, height: 844 } },
];

/** Links and buttons of the footer that the fixed chat launcher lies over, scrolled to the end. */
async function coveredByLauncher(page: Page): Promise<string[]> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  return page.evaluate(() => {
    const launcher = document.querySelector('.chat-launcher')!.getBoundingClientRect();
    const overlaps = (r: DOMRect) => r.left < launcher.right && r.right > launcher.left && r.top < launcher.bottom && r.bottom > launcher.top;
    return [...document.querySelectorAll<HTMLElement>('footer a, footer button')]
      .filter((el) => overlaps(el.getBoundingClientRect()))
      .map((el) => el.textContent?.trim() || el.getAttribute('aria-label') || el.tagName);
  });
}

describe('Rough edges a new user hit (issue 15)', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(LOCALES)('in %s', (locale: Locale) => {
    it.each(VIEWPORTS)('leaves no footer link under the chat launcher ($name)', async ({ viewport }) => {
      for (const path of ['/quote', '/', '/about-us']) {
        const { page } = await openWatchedPage(env.browser, { viewport });
        await page.goto(env.app.url + localizePath(path, locale), { waitUntil: 'networkidle' });
        await page.locator('.chat-launcher').waitFor();
        // Measured once the page stops growing (hydration, fonts, the price panel).
        await page.waitForFunction(() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(() => done(true)))));
        expect({ path, covered: await coveredByLauncher(page) }).toEqual({ path, covered: [] });
        await page.context().close();
      }
    });

    it("says on the quote's e-mail step that a link was just sent, and when another can be asked", async () => {
      const { page } = await openWatchedPage(env.browser);
      const email = `twice-${locale.toLowerCase()}-${Date.now()}@example.com`;
      // The page makes its session first (as after any visit), then the quote is its visitor's.
      await page.goto(env.app.url + localizePath('/', locale), { waitUntil: 'networkidle' });
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const quoteId = await prepareQuote(page, 'application');
      // A link already went to this address, from this quote in another tab, moments ago.
      await page.evaluate(
        async ([id, to]) =>
          void (await fetch(`/api/quotes/${id}/continue`, {
            method: 'POST',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ email: to }),
          })),
        [quoteId, email],
      );
      await page.goto(env.app.url + localizePath('/quote', locale));
      const label = locale === 'es' ? 'Correo electrónico' : 'E-mail address';
      await page.getByLabel(label).fill(email);
      await page.getByRole('button', { name: locale === 'es' ? 'Envíame un enlace para continuar' : 'E-mail me a link to continue' }).click();
      const wait =
        locale === 'es'
          ? /Te acabamos de enviar un enlace\. Puedes pedir otro en \d+ segundos\./
          : /We just sent you a link\. You can ask for another in \d+ seconds\./;
      await page.getByText(wait).waitFor();
      await page.context().close();
    });

    it('does not say "You\'re covered" over no policy on /quote/purchased', async () => {
      const { page } = await openWatchedPage(env.browser);
      const cookie = await createSignedInCookie(env.app.databaseUrl, { email: `no-policy-${locale}@example.com` });
      await page.context().addCookies([{ ...cookie, url: env.app.url }]);
      await page.goto(env.app.url + localizePath('/quote/purchased', locale));
      const none = locale === 'es' ? 'Aún no encontramos ninguna póliza' : "We couldn't find a policy";
      await page.getByRole('status').filter({ hasText: none }).waitFor();
      const heading = await page.getByRole('heading', { level: 1 }).textContent();
      expect(heading).toBe(locale === 'es' ? 'Aún no tienes póliza' : 'No policy yet');
      await page.context().close();
    });
  });
});
