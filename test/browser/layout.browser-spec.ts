import { localizePath, LOCALES, type Locale } from '../../src/shared/locale';
import { PAGES, type PageDef } from '../../src/shared/site-map';
import { focusedOn } from '../support/browser-focus';
import { prepareQuote } from '../support/browser-quote';
import { captureOutput } from '../support/capture-output';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { createSignedInCookie } from '../support/session-fixtures';
import type { Page } from 'playwright-core';

const FOOTER_LINKS: Record<Locale, string[]> = {
  'en-US': ['Auto Insurance', 'Agents', 'About us', 'Careers', 'Privacy Policy', 'Cookies Policy', 'Terms and Conditions', 'Contact us'],
  es: ['Seguro de auto', 'Agentes', 'Quiénes somos', 'Empleos', 'Política de privacidad', 'Política de cookies', 'Términos y condiciones', 'Contáctanos'],
};
const POLICY_LINKS: Record<Locale, string[]> = {
  'en-US': ['Privacy Policy', 'Cookies Policy', 'Terms and Conditions'],
  es: ['Política de privacidad', 'Política de cookies', 'Términos y condiciones'],
};
const REVIEWS: Record<Locale, string> = { 'en-US': 'More than 2,000', es: 'Más de 2,000' };

/** Checks the header and footer of the page now shown against the site map (spec §2). */
async function expectLayout(page: Page, def: PageDef, locale: Locale): Promise<void> {
  const banner = page.getByRole('banner');
  const footer = page.getByRole('contentinfo');
  if (def.header === 'none') {
    expect(await banner.count()).toBe(0);
  } else {
    await banner.waitFor();
    expect(await banner.getByRole('link', { name: /Meterly/ }).count()).toBe(1);
    expect(await banner.getByRole('navigation').count()).toBe(def.header === 'full' ? 1 : 0);
    if (def.header === 'minimal') expect(await banner.getByText(REVIEWS[locale], { exact: true }).count()).toBe(1);
  }
  if (def.footer === 'none') {
    expect(await footer.count()).toBe(0);
  } else if (def.footer === 'reduced') {
    const names = await footer.getByRole('link').evaluateAll((links) => links.map((a) => a.textContent?.trim()));
    expect(names.slice(1)).toEqual(POLICY_LINKS[locale]);
  } else {
    for (const name of FOOTER_LINKS[locale]) expect(await footer.getByRole('link', { name, exact: true }).count()).toBe(1);
    for (const network of ['Facebook', 'Instagram', 'X', 'LinkedIn']) {
      expect(await footer.getByRole('link', { name: new RegExp(`Meterly (on|en) ${network}$`) }).count()).toBe(1);
    }
    expect(await footer.getByText(REVIEWS[locale], { exact: true }).count()).toBe(1);
    expect(await footer.locator('.review-badge__stars svg').count()).toBe(5);
    expect(await footer.getByRole('link', { name: /Google Play/ }).count()).toBe(1);
    expect(await footer.getByRole('link', { name: /App Store/ }).count()).toBe(1);
    await footer.getByText(/Meterly Insurance Services, LLC/).waitFor();
    await footer.getByText(/Harborline Casualty Company/).waitFor();
  }
  await page.getByRole('main').waitFor();
}

describe('Layout, menus and navigation in the browser', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(LOCALES)('in %s', (locale) => {
    it('gives every page of spec §2 its header and footer', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      const cookie = await createSignedInCookie(env.app.databaseUrl, { email: `layout-${locale}@example.com` });
      await page.context().addCookies([{ ...cookie, url: env.app.url }]);
      // /web-login's hand-off code is not needed here: only its layout matters.
      await page.route('**/api/auth/app-code', (route) => route.abort());
      // The pages of the purchase open only when the steps before them are done.
      await page.goto(`${env.app.url}/about-us`);
      await prepareQuote(page);
      for (const def of PAGES) {
        // The page as the server sent it: once its code runs, /login sends a signed-in visitor on.
        await page.goto(env.app.url + localizePath(def.path, locale), { waitUntil: 'domcontentloaded' });
        expect(new URL(page.url()).pathname).toBe(localizePath(def.path, locale));
        await expectLayout(page, def, locale).catch((error: Error) => {
          throw new Error(`${localizePath(def.path, locale)}: ${error.message}`);
        });
      }
      // The aborted hand-off logs its warning (spec §8); nothing else may.
      expect(problems.filter((p) => !/Failed to load resource|\[auth\] failed/.test(p))).toEqual([]);
      await page.context().close();
    });
  });

  it('makes the header 70 px high in all, its rule below included, full and minimal', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/about-us`);
    expect((await page.getByRole('banner').boundingBox())?.height).toBe(70);
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: 'header-height@example.com' });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await prepareQuote(page);
    await page.goto(`${env.app.url}/es/quote/application`);
    await page.locator('.site-header--minimal').waitFor();
    expect((await page.getByRole('banner').boundingBox())?.height).toBe(70);
    await page.context().close();
  });

  it('shows the signed-out menu, with a spinner in the sign-in area while the login state loads', async () => {
    const { page } = await openWatchedPage(env.browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/api/session', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.app.url}/`);
    const nav = page.getByRole('navigation', { name: 'Main' });
    await nav.getByRole('status').waitFor();
    expect(await nav.getByRole('link', { name: 'Sign in' }).count()).toBe(0);
    release();
    await nav.getByRole('link', { name: 'Sign in' }).waitFor();
    expect(await nav.getByRole('status').count()).toBe(0);
    expect(await nav.getByRole('link', { name: 'Auto Insurance' }).getAttribute('href')).toBe('/');
    const quote = nav.getByRole('link', { name: 'Get your quote' });
    expect(await quote.getAttribute('href')).toBe('/quote');
    expect(await quote.getAttribute('class')).toContain('button--fill');
    expect(await nav.getByRole('link', { name: 'Sign in' }).getAttribute('href')).toBe('/login');
    await page.context().close();
  });

  it('shows the signed-in menu: Get your Quote to the application and My Account with Profile and Log out', async () => {
    const { page } = await openWatchedPage(env.browser);
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: 'menu@example.com' });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await page.goto(`${env.app.url}/es`);
    const nav = page.getByRole('navigation', { name: 'Principal' });
    await nav.getByRole('button', { name: 'Mi cuenta' }).waitFor();
    expect(await nav.getByRole('link', { name: 'Cotiza ahora' }).getAttribute('href')).toBe('/es/quote/application');
    expect(await nav.getByRole('link', { name: 'Perfil' }).isVisible()).toBe(false);
    await nav.getByRole('button', { name: 'Mi cuenta' }).click();
    expect(await nav.getByRole('link', { name: 'Perfil' }).getAttribute('href')).toBe('/es/profile');
    await nav.getByRole('button', { name: 'Cerrar sesión' }).waitFor();
    await page.keyboard.press('Escape');
    expect(await nav.getByRole('link', { name: 'Perfil' }).isVisible()).toBe(false);
    await page.context().close();
  });

  it.each(LOCALES)('with the keyboard alone, Escape in My Account closes it back on its button, not on <body>, in %s', async (locale) => {
    const { page } = await openWatchedPage(env.browser);
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: `keys-menu-${locale.toLowerCase()}@example.com` });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await page.goto(env.app.url + localizePath('/', locale));
    const nav = page.getByRole('navigation', { name: locale === 'es' ? 'Principal' : 'Main' });
    const myAccount = nav.getByRole('button', { name: locale === 'es' ? 'Mi cuenta' : 'My Account' });
    await myAccount.focus();
    await page.keyboard.press('Enter');
    const profile = nav.getByRole('link', { name: locale === 'es' ? 'Perfil' : 'Profile' });
    await profile.waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    await focusedOn(page, 'a.nav-link');
    await page.keyboard.press('Escape');
    await profile.waitFor({ state: 'hidden' });
    expect(await focusedOn(page, '.account-menu__toggle')).toMatchObject({ text: locale === 'es' ? 'Mi cuenta' : 'My Account' });
    expect(await myAccount.getAttribute('aria-expanded')).toBe('false');
    await page.context().close();
  });

  it.each(LOCALES)('logs out from My account to the home page, not the login page (spec §4, issue 26) in %s', async (locale) => {
    const { page } = await openWatchedPage(env.browser);
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: `leave-${locale.toLowerCase()}@example.com` });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await page.goto(env.app.url + localizePath('/profile', locale));
    const visited: string[] = [];
    page.on('framenavigated', (frame) => void (frame === page.mainFrame() && visited.push(new URL(frame.url()).pathname)));
    const nav = page.getByRole('navigation', { name: locale === 'es' ? 'Principal' : 'Main' });
    await nav.getByRole('button', { name: locale === 'es' ? 'Mi cuenta' : 'My Account' }).click();
    await nav.getByRole('button', { name: locale === 'es' ? 'Cerrar sesión' : 'Log out' }).click();
    await nav.getByRole('link', { name: locale === 'es' ? 'Iniciar sesión' : 'Sign in' }).waitFor();
    await page.waitForURL(env.app.url + localizePath('/', locale));
    expect(visited.filter((path) => path.endsWith('/login'))).toEqual([]);
    await page.context().close();
  });

  it('toggles the mobile menu open and closed (Escape too, back to the toggle), with My Account entries as plain items', async () => {
    const { page } = await openWatchedPage(env.browser, { viewport: { width: 390, height: 844 } });
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: 'mobile@example.com' });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await page.goto(`${env.app.url}/`);
    const toggle = page.getByRole('button', { name: 'Open menu' });
    const nav = page.getByRole('navigation', { name: 'Main' });
    expect(await nav.isVisible()).toBe(false);
    await toggle.click();
    await nav.getByRole('link', { name: 'Profile' }).waitFor({ state: 'visible' });
    expect(await page.getByRole('button', { name: 'Close menu' }).getAttribute('aria-expanded')).toBe('true');
    expect(await nav.getByRole('button', { name: 'Log out' }).isVisible()).toBe(true);
    expect(await nav.getByRole('button', { name: 'My Account' }).isVisible()).toBe(false);
    await page.getByRole('button', { name: 'Close menu' }).click();
    await nav.waitFor({ state: 'hidden' });
    // From the keyboard: Escape, from a link inside the open menu, closes it and focus goes back
    // to the toggle (not to a link that is no longer shown, nor to the page's start).
    await toggle.focus();
    await page.keyboard.press('Enter');
    await nav.getByRole('link', { name: 'Profile' }).waitFor({ state: 'visible' });
    await page.keyboard.press('Tab');
    expect(await nav.evaluate((menu) => menu.contains(document.activeElement))).toBe(true);
    await page.keyboard.press('Escape');
    await nav.waitFor({ state: 'hidden' });
    expect(await toggle.evaluate((button) => document.activeElement === button && button.getAttribute('aria-expanded'))).toBe('false');
    await page.context().close();
  });

  it('shows the error screen on a render failure and resets it on the next route change', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.route('**/assets/about-us-page-*.js', (route) =>
      route.fulfill({ contentType: 'text/javascript', body: 'export default function Broken() { throw new Error("boom"); }' }),
    );
    await page.goto(`${env.app.url}/es`);
    await page.getByRole('contentinfo').getByRole('link', { name: 'Quiénes somos' }).click();
    await page.getByRole('heading', { name: '¡Uy!' }).waitFor();
    await page.getByText('Se produjo un error.').waitFor();
    await page.getByRole('main').getByRole('link', { name: 'Ir al inicio' }).click();
    await page.waitForURL(`${env.app.url}/es`);
    // The next route change clears the error: the home page renders in its place.
    await page.getByRole('heading', { name: '¡Uy!' }).waitFor({ state: 'detached' });
    await page.getByRole('heading', { level: 1, name: 'Seguro de auto que cobra por milla' }).waitFor();
    await page.context().close();
  });

  describe.each<{ locale: Locale; start: string; contact: string; title: string; home: string; h1: string }>([
    { locale: 'en-US', start: '/about-us', contact: 'Contact us', title: 'Uh oh!', home: 'Navigate to Home', h1: 'Car insurance that charges by the mile' },
    { locale: 'es', start: '/es', contact: 'Contáctanos', title: '¡Uy!', home: 'Ir al inicio', h1: 'Seguro de auto que cobra por milla' },
  ])("when a page's code fails to load ($locale, from $start)", ({ locale, start, contact, title, home, h1 }) => {
    it('shows the error screen, reports it, clears it on the next route change, and loads the page again once the network is back', async () => {
      const output = captureOutput();
      const { page, problems } = await openWatchedPage(env.browser);
      await page.route('**/assets/contact-page-*.js', (route) => route.abort('failed'));
      await page.goto(env.app.url + start);
      await page.getByRole('contentinfo').getByRole('link', { name: contact, exact: true }).click();
      await page.getByRole('heading', { name: title }).waitFor();
      await page.getByRole('main').getByRole('link', { name: home }).click();
      await page.waitForURL(env.app.url + localizePath('/', locale));
      await page.getByRole('heading', { level: 1, name: h1 }).waitFor();
      expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
      // A failed chunk is not remembered: with the network back, the page loads.
      await page.unroute('**/assets/contact-page-*.js');
      await page.getByRole('contentinfo').getByRole('link', { name: contact, exact: true }).click();
      await page.waitForURL(env.app.url + localizePath('/contact', locale));
      await page.waitForFunction((h) => document.querySelector('h1')?.textContent !== h, h1);
      expect(await page.getByRole('heading', { name: title }).count()).toBe(0);
      expect(problems.filter((p) => /Minified React error #426|suspended while responding/.test(p))).toEqual([]);
      // Leaving the page hides it, which sends the batched logs; the browser stays open while they
      // travel (closing it at once could cut the request short).
      await page.goto('about:blank');
      // The browser told the server (kept out of the test's output: a passing run stays quiet).
      const reported = () => output.text().includes('page failed to render') && output.text().includes('Failed to fetch dynamically imported module');
      for (let waited = 0; !reported() && waited < 10_000; waited += 100) await new Promise((r) => setTimeout(r, 100));
      output.restore();
      await page.context().close();
      expect(reported()).toBe(true);
    });
  });

  it('runs the progress bar while the next page loads, keeping the current page on screen', async () => {
    const { page } = await openWatchedPage(env.browser);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    await page.route('**/assets/contact-page-*.js', async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`${env.app.url}/about-us`);
    const title = await page.getByRole('heading', { level: 1 }).textContent();
    await page.getByRole('contentinfo').getByRole('link', { name: 'Contact us' }).click();
    await page.locator('#nprogress .bar').waitFor({ state: 'attached' });
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(title);
    release();
    await page.waitForURL(`${env.app.url}/contact`);
    await page.waitForFunction((old) => document.querySelector('h1')?.textContent !== old, title);
    await page.locator('#nprogress').waitFor({ state: 'detached' });
    await page.context().close();
  });

  it('hydrates without a warning and navigates inside the page afterwards', async () => {
    // One tab per locale, each page a fresh document in it: goto returns once React has hydrated
    // it (chromium.ts), and a warning arriving later still lands in the next page's check.
    for (const locale of LOCALES) {
      const { page, problems } = await openWatchedPage(env.browser);
      for (const def of PAGES.filter((p) => p.access === 'open')) {
        await page.goto(env.app.url + localizePath(def.path, locale));
        const path = localizePath(def.path, locale);
        expect([path, ...problems.filter((p) => /hydrat|did not match|Minified React error/i.test(p) || p.startsWith('pageerror'))]).toEqual([path]);
      }
      await page.context().close();
    }
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/about-us`);
    await page.evaluate(() => ((window as unknown as { marker: number }).marker = 1));
    await page.getByRole('contentinfo').getByRole('link', { name: 'Privacy Policy' }).click();
    await page.waitForURL(`${env.app.url}/privacy-policy`);
    expect(await page.evaluate(() => (window as unknown as { marker?: number }).marker)).toBe(1);
    await page.context().close();
  });

  it('sends a signed-out visitor who navigates in the browser to a page behind sign-in to the login page', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/es/about-us`);
    await page.evaluate(() => {
      window.history.pushState({}, '', '/es/profile?tab=miles');
      window.dispatchEvent(new PopStateEvent('popstate'));
    });
    await page.waitForURL(`${env.app.url}/es/login?redirect=${encodeURIComponent('/es/profile?tab=miles')}`);
    await page.getByRole('heading', { name: 'Iniciar sesión' }).waitFor();
    await page.waitForTimeout(500);
    expect(new URL(page.url()).pathname).toBe('/es/login');
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('hands a signed-in user over to the app from /web-login, with a single-use code in the link', async () => {
    const { page } = await openWatchedPage(env.browser);
    const cookie = await createSignedInCookie(env.app.databaseUrl, { email: 'hand-off@example.com' });
    await page.context().addCookies([{ ...cookie, url: env.app.url }]);
    await page.route('https://go.meterly.example/**', (route) => route.fulfill({ contentType: 'text/html', body: '<title>app</title>' }));
    await page.goto(`${env.app.url}/es/web-login`);
    // The visitor chooses to open the app (issue 15): the page no longer jumps by itself.
    await page.getByRole('link', { name: 'Abrir la app de Meterly' }).click();
    await page.waitForURL(/^https:\/\/go\.meterly\.example\/web-login#code=[A-Za-z0-9_-]{43}$/);
    await page.context().close();
  });

  it('switches language on the same page', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/about-us?utm_source=x`);
    await page.getByRole('link', { name: 'Español' }).click();
    await page.waitForURL(`${env.app.url}/es/about-us?utm_source=x`);
    expect(await page.getAttribute('html', 'lang')).toBe('es');
    await page.waitForLoadState('networkidle');
    await page.getByRole('link', { name: 'English' }).click();
    await page.waitForURL(`${env.app.url}/about-us?utm_source=x`);
    expect(await page.getAttribute('html', 'lang')).toBe('en-US');
    await page.context().close();
  });
});
