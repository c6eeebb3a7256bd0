import { buyThroughApi, policiesOf } from '../support/browser-policy';
import { screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { LOGIN_TEXTS, signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage, type WatchedPage } from '../support/chromium';
import { pdfText } from '../support/pdf-text';
import type { Page } from 'playwright-core';

/** The offline page's words (src/client/locales/…/offline-card.json) and My Account's line (profile.json "offline"). */
const TEXTS = {
  'en-US': {
    prefix: '',
    title: 'Your ID card, offline',
    card: (number: string) => `ID card of policy ${number}`,
    open: (number: string) => `Open the ID card of policy ${number} (PDF)`,
    none: 'No ID card is kept on this device for offline use.',
    kept: /^Your ID card is kept on this device for use offline/,
  },
  es: {
    prefix: '/es',
    title: 'Tu tarjeta de seguro, sin conexión',
    card: (number: string) => `Tarjeta de seguro de la póliza ${number}`,
    open: (number: string) => `Abrir la tarjeta de seguro de la póliza ${number} (PDF)`,
    none: 'No hay ninguna tarjeta de seguro guardada en este dispositivo para usar sin conexión.',
    kept: /^Tu tarjeta de seguro está guardada en este dispositivo/,
  },
} as const;
type Locale = keyof typeof TEXTS;

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Issue 27: the ID card works offline. The site's service worker keeps the signed-in customer's
 * current ID card when My Account is opened online; with the browser offline, My Account and
 * /offline-card answer a page (in the address's language) that opens the kept PDF, and nothing
 * once the customer has logged out. Customer B after customer A on the same browser sees B's card
 * only. One app, one browser context for the whole file (the worker and its cache are the
 * context's), cookie sign-ins, one purchase per customer through the API.
 */
describe('The ID card offline (issue 27)', () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment();
  let watched: WatchedPage;
  let numberA: string;
  let idA: string;

  afterAll(async () => {
    await watched?.page.context().close();
  });

  /** My Account online, until it says the card is kept (the worker has fetched and stored it). */
  async function keepOnline(page: Page, locale: Locale): Promise<void> {
    await page.context().setOffline(false);
    await page.goto(`${env.app.url}${TEXTS[locale].prefix}/profile`);
    await page.getByText(TEXTS[locale].kept).waitFor();
  }

  /** With the browser offline, opens `path` and answers the offline page's heading (never the browser's error page). */
  async function openOffline(page: Page, locale: Locale, path: string): Promise<void> {
    await page.context().setOffline(true);
    await page.goto(`${env.app.url}${TEXTS[locale].prefix}${path}`);
    await page.getByRole('heading', { level: 1, name: TEXTS[locale].title }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe(locale);
  }

  /** The kept PDF as the page gets it offline: its type and bytes, or null when nothing answers it. */
  function cardAsFetched(page: Page, policyId: string): Promise<{ type: string | null; bytes: number[] } | null> {
    return page.evaluate(async (id) => {
      try {
        const answer = await fetch(`/api/policies/${id}/documents/id-card.pdf`);
        if (!answer.ok) return null;
        return { type: answer.headers.get('content-type'), bytes: [...new Uint8Array(await answer.arrayBuffer())] };
      } catch {
        return null;
      }
    }, policyId);
  }

  it('keeps the card for offline use and drops it at log out: English on a desktop, Spanish on a phone', async () => {
    watched = await openWatchedPage(env.browser, { viewport: DESKTOP });
    const { page, problems } = watched;
    await signInByCookie(page, env.app, { email: 'offline-a@example.com' }, '/about-us');
    await buyThroughApi(page, await prepareQuote(page, 'payment'));
    [{ id: idA, number: numberA }] = await policiesOf(page);

    for (const [locale, viewport] of [
      ['en-US', DESKTOP],
      ['es', PHONE],
    ] as const) {
      const text = TEXTS[locale];
      await page.setViewportSize(viewport);
      await keepOnline(page, locale);

      // Offline, My Account is the kept card, in the page's language; the PDF opens from it.
      await openOffline(page, locale, '/profile');
      const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: text.card(numberA) }) });
      await card.getByRole('link', { name: text.open(numberA) }).waitFor();
      const pdf = await cardAsFetched(page, idA);
      expect(pdf?.type).toBe('application/pdf');
      const bytes = Buffer.from(pdf!.bytes);
      expect(bytes.subarray(0, 5).toString()).toBe('%PDF-');
      if (locale === 'en-US') expect(await pdfText(bytes)).toContain(numberA);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `offline-card-${locale.toLowerCase()}-${viewport === PHONE ? 'phone' : 'desktop'}`);

      // The offline card's own address answers the same.
      await openOffline(page, locale, '/offline-card');
      await page.getByRole('link', { name: text.open(numberA) }).waitFor();
    }

    // Logged out (online, from the header): offline, no card, in either language.
    await page.context().setOffline(false);
    await page.setViewportSize(DESKTOP);
    await page.goto(`${env.app.url}/about-us`);
    await page.getByRole('button', { name: LOGIN_TEXTS['en-US'].myAccount }).click();
    await page.getByRole('button', { name: LOGIN_TEXTS['en-US'].logOut }).click();
    await page.getByRole('link', { name: LOGIN_TEXTS['en-US'].signIn, exact: true }).waitFor();
    // Logging out lands on Home, whose code loads lazily: offline before it has, the page fails to render.
    await page.getByRole('heading', { level: 1, name: 'Car insurance that charges by the mile' }).waitFor();
    for (const locale of ['en-US', 'es'] as const) {
      await openOffline(page, locale, '/profile');
      await page.getByText(TEXTS[locale].none).waitFor();
      expect(await page.getByRole('link', { name: TEXTS[locale].open(numberA) }).count()).toBe(0);
      expect(await cardAsFetched(page, idA)).toBeNull();
      await page.setViewportSize(PHONE);
      await screenshot(page, `offline-none-${locale.toLowerCase()}-phone`);
    }
    await page.context().setOffline(false);
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });

  it("gives customer B after customer A on the same browser B's card only; A signing in again drops B's", async () => {
    const { page, problems } = watched;
    await page.context().setOffline(false);
    await page.setViewportSize(PHONE);
    await signInByCookie(page, env.app, { email: 'offline-b@example.com' }, '/es/about-us');
    await buyThroughApi(page, await prepareQuote(page, 'payment'));
    const [{ id: idB, number: numberB }] = await policiesOf(page);
    await keepOnline(page, 'es');

    await openOffline(page, 'es', '/profile');
    await page.getByRole('link', { name: TEXTS.es.open(numberB) }).waitFor();
    expect(await page.getByText(numberA).count()).toBe(0);
    expect(await cardAsFetched(page, idA)).toBeNull();
    expect((await cardAsFetched(page, idB))?.type).toBe('application/pdf');

    // A signs in on this browser over B's session, without B logging out: the first page A opens
    // online drops B's card, though A never opened My Account.
    await page.context().setOffline(false);
    await signInByCookie(page, env.app, { email: 'offline-a@example.com' }, '/about-us');
    // Polled: Playwright's waitForFunction takes a promise as a truthy answer at once, so it never
    // waited here, and the offline page could be opened before A's page had dropped B's card.
    for (let tries = 0; await page.evaluate(() => caches.has('meterly-id-cards')); tries++) {
      if (tries >= 100) throw new Error("A's first page never dropped B's card");
      await page.waitForTimeout(100);
    }
    await openOffline(page, 'en-US', '/profile');
    await page.getByText(TEXTS['en-US'].none).waitFor();
    expect(await cardAsFetched(page, idB)).toBeNull();
    await page.context().setOffline(false);
    expect(problems.filter((p) => !/Failed to load resource|ERR_INTERNET_DISCONNECTED/.test(p))).toEqual([]);
  });
});
