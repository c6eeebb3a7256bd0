import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { ADDRESS } from '../support/purchase-flow';
import { GOOD_ANSWERS } from '../support/quote-fixtures';
import { identificationFor } from '../support/vin-for';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    title: 'Choose a package',
    standard: 'Standard',
    pip: 'Personal injury protection (PIP) $2,500',
    full: 'Personal injury protection (PIP) $5,000',
    medical: /Medical payments/,
  },
  es: {
    title: 'Elige un paquete',
    standard: 'Estándar',
    pip: 'Protección contra lesiones personales (PIP) $2,500',
    full: 'Protección contra lesiones personales (PIP) $5,000',
    medical: /Gastos médicos/,
  },
};

/** Through the API, as the page's session: a Texas quote with its application done, at the packages. */
async function texasQuoteAtProducts(page: Page): Promise<void> {
  await page.evaluate(
    async ({ answers, address, identification }) => {
      const call = async (method: string, path: string, body: object) => {
        const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const { payload } = await call('POST', '/api/quotes', answers);
      await call('PUT', `/api/quotes/${payload.id}/application/address`, address);
      await call('PUT', `/api/quotes/${payload.id}/application/drivers`, { drivers: [] });
      await call('PUT', `/api/quotes/${payload.id}/application/vehicles`, { vehicles: [] });
      await call('PUT', `/api/quotes/${payload.id}/application/identification`, identification);
      await call('PUT', `/api/quotes/${payload.id}/application/history`, { priorInsurance: 'over-3-years' });
    },
    { answers: { ...GOOD_ANSWERS, zip: '75001' }, address: { ...ADDRESS, city: 'Addison' }, identification: identificationFor(GOOD_ANSWERS) },
  );
}

/** Issue 26: a package card says what the package holds in the household's state: PIP in Texas, not medical payments. */
describe('The package cards in Texas', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('name personal injury protection where the packages carry it, and never medical payments', async () => {
      const login = LOGIN_TEXTS[locale as keyof typeof LOGIN_TEXTS];
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, `package-cards-${locale.toLowerCase()}@example.com`, login);
      await texasQuoteAtProducts(page);
      await page.goto(`${env.app.url}${login.prefix}/quote/products`);
      await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
      const cards = page.locator('.packages > li');
      await cards.first().waitFor();
      const standard = cards.filter({ has: page.getByRole('heading', { name: text.standard, exact: true }) });
      expect(await standard.locator('.checks li').allTextContents()).toContain(text.pip);
      expect(await cards.nth(2).locator('.checks li').allTextContents()).toContain(text.full);
      expect(await page.locator('.packages').textContent()).not.toMatch(text.medical);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshotOf(page.locator('.packages'), `package-cards-texas-${locale.toLowerCase()}`);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
