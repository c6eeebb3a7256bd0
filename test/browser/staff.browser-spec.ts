import { prepareQuote } from '../support/browser-quote';
import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';

const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    customerEmail: 'agent:panel.emailLabel',
    start: 'agent:panel.start',
    stop: 'agent:panel.stop',
  },
  {
    'en-US': {
      agent: (email: string) => `Hi Dana Reyes, purchasing for ${email}`,
      admin: (email: string) => `Purchasing for ${email}`,
    },
    es: {
      agent: (email: string) => `Hola, Dana Reyes: comprando para ${email}`,
      admin: (email: string) => `Comprando para ${email}`,
    },
  },
);

describe("Staff purchasing on a customer's behalf in the browser", () => {
  jest.setTimeout(120_000);

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    // One app per locale: each staff member signs in once per app (one link a minute each).
    const env = browserTestEnvironment({ SEED_DEMO: 'true' });

    it.each([
      ['agent', 'agent@meterly.test'],
      ['admin', 'admin@meterly.test'],
    ] as const)('shows the %s banner on every page with a header while buying for a new customer, and removes it on stop', async (role, staffEmail) => {
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, staffEmail, text);
      const customer = `new-${role}-${locale.toLowerCase()}-${Date.now()}@example.com`;
      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByLabel(text.customerEmail).fill(customer);
      await page.getByRole('button', { name: text.start }).click();

      const banner = page.getByRole('banner').locator('.staff-banner');
      const expected = role === 'agent' ? text.agent(customer) : text.admin(customer);
      await page.waitForFunction(([wanted]) => document.querySelector('.staff-banner')?.textContent === wanted, [expected]);
      // The customer's quote ready to pay: the application opens, and so does the payment page
      // (with a quote only at the application, /quote/payment sends the page back there, and
      // the compact notice would be there only for a moment).
      await prepareQuote(page, 'payment');
      for (const path of ['/agent', '/profile', '/quote/application']) {
        await page.goto(`${env.app.url}${text.prefix}${path}`);
        await banner.waitFor();
        await page.waitForFunction(([wanted]) => document.querySelector('.staff-banner')?.textContent === wanted, [expected]);
        if (path === '/quote/application') expect(await page.locator('.site-header--minimal').count()).toBe(1);
      }
      // Pages without a header (spec §2) say it in a compact notice atop the page (issue 15).
      await page.goto(`${env.app.url}${text.prefix}/quote/payment`);
      await page.waitForFunction(([wanted]) => document.querySelector('main .staff-banner--compact')?.textContent === wanted, [expected]);
      expect(await page.locator('.staff-banner').count()).toBe(1);

      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByRole('button', { name: text.stop }).click();
      await banner.waitFor({ state: 'detached' });
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
