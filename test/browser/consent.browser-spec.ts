import { seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { createSignedInCookie } from '../support/session-fixtures';
import type { BrowserContext, Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    prefix: '',
    title: 'We use cookies',
    accept: 'Accept',
    deny: 'Deny',
    customize: 'Customize',
    essential: 'Essential',
    performance: 'Performance',
    advertising: 'Targeting/advertising',
    confirm: 'Confirm',
    updated: 'Cookie settings updated',
  },
  es: {
    prefix: '/es',
    title: 'Usamos cookies',
    accept: 'Aceptar',
    deny: 'Rechazar',
    customize: 'Personalizar',
    essential: 'Esenciales',
    performance: 'Rendimiento',
    advertising: 'Segmentación/publicidad',
    confirm: 'Confirmar',
    updated: 'Configuración de cookies actualizada',
  },
};

/** The three consent cookies: value, and days left to live. */
async function consentCookies(context: BrowserContext): Promise<Record<string, { value: string; days: number; sameSite: string }>> {
  const now = Date.now() / 1000;
  const found = (await context.cookies()).filter((c) => c.name.startsWith('meterly_') && c.name !== 'meterly.sid');
  return Object.fromEntries(found.map((c) => [c.name, { value: c.value, days: Math.round((c.expires - now) / 86400), sameSite: c.sameSite }]));
}

function expectDecision(cookies: Awaited<ReturnType<typeof consentCookies>>, tracking: boolean, advertising: boolean): void {
  expect(cookies).toEqual({
    meterly_tracking_consent: { value: String(tracking), days: 365, sameSite: 'Lax' },
    meterly_advertising_consent: { value: String(advertising), days: 365, sameSite: 'Lax' },
    meterly_consent_banner: { value: 'true', days: 365, sameSite: 'Lax' },
  });
}

const scrollLocked = (page: Page) =>
  page.evaluate(() => getComputedStyle(document.documentElement).overflow === 'hidden' && getComputedStyle(document.body).overflow === 'hidden');

async function scrollsBy(page: Page): Promise<number> {
  const before = await page.evaluate(() => window.scrollY);
  await page.mouse.move(600, 300);
  await page.mouse.wheel(0, 600);
  await page.waitForTimeout(300);
  return (await page.evaluate(() => window.scrollY)) - before;
}

/** Waits for the decision to be on record (POST /api/consent answered). */
const recorded = (page: Page) => page.waitForResponse((res) => res.url().endsWith('/api/consent') && res.request().method() === 'POST');

describe('Cookie consent in the browser', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (_locale, text) => {
    it('shows the Info view on a first visit and locks scrolling; Accept stores both consents true for 365 days and releases the page', async () => {
      const { page, problems } = await openWatchedPage(env.browser, { firstVisit: true });
      await page.goto(`${env.app.url}${text.prefix}/about-us`);
      const banner = page.getByRole('dialog', { name: text.title });
      await banner.waitFor();
      expect(await banner.getAttribute('aria-modal')).toBe('true');
      expect(await banner.getByRole('button').allTextContents()).toEqual([text.accept, text.deny, text.customize]);
      expect(await scrollLocked(page)).toBe(true);
      expect(await scrollsBy(page)).toBe(0);
      const saved = recorded(page);
      await banner.getByRole('button', { name: text.accept }).click();
      await banner.waitFor({ state: 'detached' });
      expect((await saved).status()).toBe(200);
      expectDecision(await consentCookies(page.context()), true, true);
      expect(await scrollLocked(page)).toBe(false);
      expect(await scrollsBy(page)).toBeGreaterThan(0);
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it('stores both consents false on Deny', async () => {
      const { page } = await openWatchedPage(env.browser, { firstVisit: true });
      await page.goto(`${env.app.url}${text.prefix}/`);
      const saved = recorded(page);
      await page.getByRole('dialog').getByRole('button', { name: text.deny }).click();
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await saved;
      expectDecision(await consentCookies(page.context()), false, false);
      await page.context().close();
    });

    it('goes to Options on Customize and back on its back control; toggles start on; Confirm stores the chosen toggles', async () => {
      const { page } = await openWatchedPage(env.browser, { firstVisit: true });
      await page.goto(`${env.app.url}${text.prefix}/contact`);
      const banner = page.getByRole('dialog');
      await banner.getByRole('button', { name: text.customize }).click();
      const back = banner.getByRole('button', { name: text.customize });
      await back.waitFor();
      expect(await banner.getByRole('button', { name: text.accept }).count()).toBe(0);
      const essential = banner.getByRole('switch', { name: text.essential });
      expect(await essential.isChecked()).toBe(true);
      expect(await essential.isDisabled()).toBe(true);
      expect(await banner.getByRole('switch', { name: text.performance }).isChecked()).toBe(true);
      expect(await banner.getByRole('switch', { name: text.advertising }).isChecked()).toBe(true);
      await back.click();
      await banner.getByRole('button', { name: text.accept }).waitFor();
      expect(await scrollLocked(page)).toBe(true);
      await banner.getByRole('button', { name: text.customize }).click();
      await banner.getByRole('switch', { name: text.performance }).click();
      expect(await banner.getByRole('switch', { name: text.performance }).isChecked()).toBe(false);
      const saved = recorded(page);
      await banner.getByRole('button', { name: text.confirm }).click();
      await banner.waitFor({ state: 'detached' });
      await saved;
      expectDecision(await consentCookies(page.context()), false, true);
      expect(await scrollLocked(page)).toBe(false);
      await page.context().close();
    });

    it('is usable with the keyboard alone: focus moves into the banner and stays there until a choice is confirmed', async () => {
      const { page } = await openWatchedPage(env.browser, { firstVisit: true });
      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByRole('dialog').waitFor();
      await page.waitForFunction(() => document.querySelector('[role=dialog]')?.contains(document.activeElement));
      const focused = () =>
        page.evaluate(() => ({
          inside: Boolean(document.querySelector('[role=dialog]')?.contains(document.activeElement)),
          name: document.activeElement?.textContent?.trim() ?? '',
        }));
      // Round the dialog twice each way: focus never leaves it.
      for (const key of ['Tab', 'Shift+Tab']) {
        for (let i = 0; i < 10; i += 1) {
          await page.keyboard.press(key);
          expect((await focused()).inside).toBe(true);
        }
      }
      while ((await focused()).name !== text.customize) await page.keyboard.press('Tab');
      await page.keyboard.press('Enter');
      await page.getByRole('switch', { name: text.performance }).waitFor();
      expect(await focused()).toEqual({ inside: true, name: expect.stringContaining(text.customize) });
      await page.keyboard.press('Tab'); // Performance (Essential is not editable, so not focusable)
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab'); // Targeting/advertising
      await page.keyboard.press('Space');
      await page.keyboard.press('Tab'); // Confirm
      expect((await focused()).name).toBe(text.confirm);
      const saved = recorded(page);
      await page.keyboard.press('Enter');
      await page.getByRole('dialog').waitFor({ state: 'detached' });
      await saved;
      expectDecision(await consentCookies(page.context()), false, false);
      await page.context().close();
    });

    it('embeds the same settings panel on the cookies page, which says the settings were updated', async () => {
      const { page } = await openWatchedPage(env.browser);
      await page.goto(`${env.app.url}${text.prefix}/cookies-policy`);
      const panel = page.locator('#cookie-settings');
      const performance = panel.getByRole('switch', { name: text.performance });
      await performance.waitFor();
      expect(await performance.isChecked()).toBe(false);
      expect(await panel.getByRole('switch', { name: text.advertising }).isChecked()).toBe(false);
      expect(await panel.getByRole('switch', { name: text.essential }).isDisabled()).toBe(true);
      await performance.click();
      const saved = recorded(page);
      await panel.getByRole('button', { name: text.confirm }).click();
      await panel.getByRole('status').getByText(text.updated, { exact: true }).waitFor();
      await saved;
      expectDecision(await consentCookies(page.context()), true, false);
      await page.reload();
      await performance.waitFor();
      expect(await performance.isChecked()).toBe(true);
      expect(await page.getByRole('dialog').count()).toBe(0);
      await page.context().close();
    });

    it('never shows the banner to a returning visitor, not even for a moment, on cached and per-visitor pages', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      const cookie = await createSignedInCookie(env.app.databaseUrl, { email: `returning-${text.prefix || 'en'}@example.com`.replace('/', '') });
      await page.context().addCookies([{ ...cookie, url: env.app.url }]);
      await page.addInitScript(() => {
        // Every page's HTML holds the banner hidden (issue 17): what must never happen is it showing.
        // A page behind sign-in links its stylesheet, which holds every paint until it has loaded:
        // until then nothing can show, so the banner counts from the moment the page is styled.
        const flag = window as unknown as { sawBanner?: boolean };
        const styled = () => [...document.querySelectorAll<HTMLLinkElement>('link[rel=stylesheet]')].every((link) => link.sheet !== null);
        const look = () => {
          if (styled() && document.querySelector('[role=dialog]')?.checkVisibility()) flag.sawBanner = true;
        };
        new MutationObserver(look).observe(document, { childList: true, subtree: true, attributes: true });
        addEventListener('load', look);
      });
      for (const path of ['/', '/cookies-policy', '/profile']) {
        await page.goto(`${env.app.url}${text.prefix}${path}`, { waitUntil: 'networkidle' });
        await page.waitForTimeout(300);
        expect(await page.evaluate(() => (window as unknown as { sawBanner?: boolean }).sawBanner ?? false)).toBe(false);
      }
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });

  it('sends the same page to everyone, decided or not (the banner is decided in the browser)', async () => {
    const html = await (await fetch(`${env.app.url}/`, { headers: { cookie: 'meterly_consent_banner=true' } })).text();
    const fresh = await (await fetch(`${env.app.url}/`)).text();
    expect(html.replace(/nonce="[^"]+"/g, '')).toBe(fresh.replace(/nonce="[^"]+"/g, ''));
  });

  it('starts with targeting/advertising off when the browser sends Global Privacy Control', async () => {
    const { page } = await openWatchedPage(env.browser, { firstVisit: true, extraHTTPHeaders: { 'Sec-GPC': '1' } });
    await page.goto(`${env.app.url}/`);
    await page.getByRole('dialog').getByRole('button', { name: 'Customize' }).click();
    expect(await page.getByRole('switch', { name: 'Performance' }).isChecked()).toBe(true);
    expect(await page.getByRole('switch', { name: 'Targeting/advertising' }).isChecked()).toBe(false);
    await page.getByRole('button', { name: 'Confirm' }).click();
    expectDecision(await consentCookies(page.context()), true, false);
    await page.context().close();
  });

  it("lets a signed-in user's choice follow them to a new browser, without a banner there", async () => {
    const email = 'two-browsers@example.com';
    const first = await openWatchedPage(env.browser, { firstVisit: true });
    await first.page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
    await first.page.goto(`${env.app.url}/profile`);
    await first.page.getByRole('dialog').getByRole('button', { name: 'Customize' }).click();
    await first.page.getByRole('switch', { name: 'Targeting/advertising' }).click();
    const saved = recorded(first.page);
    await first.page.getByRole('button', { name: 'Confirm' }).click();
    await saved;
    await first.page.context().close();

    const second = await openWatchedPage(env.browser, { firstVisit: true });
    await second.page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
    await second.page.goto(`${env.app.url}/about-us`, { waitUntil: 'networkidle' });
    await second.page.waitForFunction(() => document.cookie.includes('meterly_consent_banner=true'));
    expect(await second.page.getByRole('dialog').count()).toBe(0);
    expectDecision(await consentCookies(second.page.context()), true, false);
    await second.page.context().close();
  });

  it('shows no banner on the hand-off pages, which finish a sign-in or open the app', async () => {
    const { page } = await openWatchedPage(env.browser, { firstVisit: true });
    for (const path of ['/magic-link', '/es/app-link']) {
      await page.goto(`${env.app.url}${path}`, { waitUntil: 'networkidle' });
      await page.waitForTimeout(300);
      expect(await page.getByRole('dialog').count()).toBe(0);
    }
    await page.context().close();
  });

  it.each([
    ['en-US', 'Customize', { width: 1280, height: 900 }],
    ['es', 'Personalizar', { width: 390, height: 844 }],
  ] as const)('finds no serious accessibility violation in either view of the banner (%s)', async (locale, customize, viewport) => {
    const { page } = await openWatchedPage(env.browser, { firstVisit: true, viewport });
    await page.goto(`${env.app.url}${locale === 'es' ? '/es' : ''}/`, { waitUntil: 'networkidle' });
    await page.getByRole('dialog').waitFor();
    for (const step of ['info', 'options']) {
      if (step === 'options') await page.getByRole('dialog').getByRole('button', { name: customize }).click();
      expect({ step, problems: await seriousA11yProblems(page, '[role=dialog]') }).toEqual({ step, problems: [] });
    }
    await page.context().close();
  });
});
