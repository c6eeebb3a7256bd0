import type { Page } from 'playwright-core';
import { fillCard, PURCHASE_TEXTS, screenshot, seriousA11yProblems, sign } from '../support/browser-purchase';
import { queryRows } from '../support/payment-fixtures';
import { buyThroughApi } from '../support/browser-policy';
import { prepareQuote } from '../support/browser-quote';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { createSignedInCookie } from '../support/session-fixtures';

const TEXTS = {
  'en-US': {
    prefix: '',
    customerEmail: "Customer's e-mail address",
    start: 'Start purchase',
    zip: 'ZIP code',
    next: 'Continue',
    zipHeading: 'Where is the car kept?',
    vehicleHeading: 'Which car?',
    notLicensed: "You aren't licensed to sell insurance in Illinois",
    held: "You're licensed in Arizona, Oregon, and Texas.",
    notLicensedAz: "You aren't licensed to sell insurance in Arizona",
    confirmRefused: "The agent who sold this policy isn't licensed in its state today",
  },
  es: {
    prefix: '/es',
    customerEmail: 'Correo del cliente',
    start: 'Empezar la compra',
    zip: 'Código postal (ZIP)',
    next: 'Continuar',
    zipHeading: '¿Dónde se guarda el auto?',
    vehicleHeading: '¿Qué auto?',
    notLicensed: 'No tienes licencia para vender seguros en Illinois',
    held: 'Tienes licencia en Arizona, Oregón y Texas.',
    notLicensedAz: 'No tienes licencia para vender seguros en Arizona',
    confirmRefused: 'El agente que vendió esta póliza hoy no tiene licencia en su estado',
  },
};

describe('An agent acting for a customer is told at the ZIP step where they may not sell (issue 15)', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  /** A page signed in as `email` (the seeded agent Dana Reyes: AZ, TX, OR, when given her producer number). */
  async function signedInPage(email: string, staff?: { role: 'agent'; producerId: string }) {
    const watched = await openWatchedPage(env.browser);
    await watched.page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email, ...staff })), url: env.app.url }]);
    return watched;
  }

  const typeZip = async (page: Page, text: (typeof TEXTS)['en-US'], zip: string) => {
    await page.getByLabel(text.zip).fill(zip);
  };
  const notice = (page: Page) => page.getByTestId('licence-notice');

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('says so as an Illinois ZIP is typed, keeps the step when the server refuses it, and lets an Arizona or Texas ZIP through', async () => {
      const { page, problems } = await signedInPage('agent@meterly.test', { role: 'agent', producerId: 'MTR-1001' });
      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByLabel(text.customerEmail).fill(`licence-${locale.toLowerCase()}-${Date.now()}@example.com`);
      await page.getByRole('button', { name: text.start }).click();
      await page.locator('.staff-banner').waitFor();

      await page.goto(`${env.app.url}${text.prefix}/quote`);
      await page.getByRole('heading', { name: text.zipHeading }).waitFor();
      await typeZip(page, text, '60601');
      await notice(page).waitFor();
      expect(await notice(page).textContent()).toContain(text.notLicensed);
      expect(await notice(page).textContent()).toContain(text.held);
      for (const [width, height] of [[1280, 800], [390, 844]]) {
        await page.setViewportSize({ width, height });
        await screenshot(page, `licence-zip-${locale}-${width}`);
      }
      expect(await seriousA11yProblems(page)).toEqual([]);

      // Going on anyway: the server refuses, the page stays on the ZIP step and still says why.
      const refused = page.waitForResponse((res) => res.url().endsWith('/api/quotes') && res.request().method() === 'POST');
      await page.getByRole('button', { name: text.next }).click();
      expect((await refused).status()).toBe(403);
      await page.getByRole('heading', { name: text.zipHeading }).waitFor();
      expect(await notice(page).textContent()).toContain(text.notLicensed);

      await typeZip(page, text, '78701');
      await notice(page).waitFor({ state: 'detached' });
      await typeZip(page, text, '85004');
      expect(await notice(page).count()).toBe(0);
      await page.getByRole('button', { name: text.next }).click();
      await page.getByRole('heading', { name: text.vehicleHeading }).waitFor();
      // The refused request's 403 is the only console line expected.
      expect(problems.filter((p) => !/Failed to load resource.*403/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('says so on the payment page when the licence lapsed after the quote, charging nothing', async () => {
      const { page } = await signedInPage('agent@meterly.test', { role: 'agent', producerId: 'MTR-1001' });
      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByLabel(text.customerEmail).fill(`lapsed-${locale.toLowerCase()}-${Date.now()}@example.com`);
      await page.getByRole('button', { name: text.start }).click();
      await page.locator('.staff-banner').waitFor();
      await prepareQuote(page, 'payment');
      await queryRows(env.app, `UPDATE agents SET licensed_states = '{TX,OR}' WHERE producer_id = 'MTR-1001'`);
      try {
        const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
        await page.goto(`${env.app.url}${text.prefix}/quote/payment`);
        await fillCard(page, purchase, '4242 4242 4242 4242');
        const refused = page.waitForResponse((res) => res.url().endsWith('/api/policies') && res.request().method() === 'POST');
        await page.getByRole('button', { name: purchase.staffSubmit }).click();
        expect((await refused).status()).toBe(403);
        await notice(page).waitFor();
        expect(await notice(page).textContent()).toContain(text.notLicensedAz);
        const [{ count }] = await queryRows<{ count: string }>(env.app, `SELECT count(*) FROM payment_charges c JOIN users u ON u.id = c.user_id WHERE u.email LIKE 'lapsed-%'`);
        expect(Number(count)).toBe(0);
      } finally {
        await queryRows(env.app, `UPDATE agents SET licensed_states = '{AZ,TX,OR}' WHERE producer_id = 'MTR-1001'`);
        await page.context().close();
      }
    });

    it('tells the customer signing a staff sale when the agent is no longer licensed in its state, charging nothing', async () => {
      const customer = `sign-lapsed-${locale.toLowerCase()}-${Date.now()}@example.com`;
      const agent = await signedInPage('agent@meterly.test', { role: 'agent', producerId: 'MTR-1001' });
      await agent.page.goto(`${env.app.url}${text.prefix}/agent`);
      await agent.page.getByLabel(text.customerEmail).fill(customer);
      await agent.page.getByRole('button', { name: text.start }).click();
      await agent.page.locator('.staff-banner').waitFor();
      const quoteId = await prepareQuote(agent.page, 'payment');
      const policyId = await buyThroughApi(agent.page, quoteId, { startInDays: 1, signer: null });
      await agent.page.context().close();
      await queryRows(env.app, `UPDATE agents SET licensed_states = '{TX,OR}' WHERE producer_id = 'MTR-1001'`);
      try {
        const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
        const { page } = await signedInPage(customer);
        await page.goto(`${env.app.url}${text.prefix}/profile?confirm=${policyId}`);
        const review = page.getByRole('region', { name: purchase.review });
        await review.waitFor();
        await sign(page, purchase, 'Rosa Díaz');
        const refused = page.waitForResponse((res) => res.url().endsWith(`/api/policies/${policyId}/confirm`));
        await review.getByRole('button', { name: /\$\d/ }).click();
        expect((await refused).status()).toBe(403);
        await review.getByRole('alert').filter({ hasText: text.confirmRefused }).waitFor();
        const [{ count }] = await queryRows<{ count: string }>(env.app, `SELECT count(*) FROM payment_charges c JOIN users u ON u.id = c.user_id WHERE lower(u.email) = $1 AND c.status = 'succeeded'`, [customer]);
        expect(Number(count)).toBe(0);
        await page.context().close();
      } finally {
        await queryRows(env.app, `UPDATE agents SET licensed_states = '{AZ,TX,OR}' WHERE producer_id = 'MTR-1001'`);
      }
    });

    it('shows a customer quoting for themselves nothing new for an Illinois ZIP', async () => {
      const { page } = await signedInPage(`own-illinois-${locale.toLowerCase()}-${Date.now()}@example.com`);
      await page.goto(`${env.app.url}${text.prefix}/quote`);
      await page.getByRole('heading', { name: text.zipHeading }).waitFor();
      await typeZip(page, text, '60601');
      await page.getByRole('button', { name: text.next }).click();
      await page.getByRole('heading', { name: text.vehicleHeading }).waitFor();
      expect(await notice(page).count()).toBe(0);
      await page.context().close();
    });

    it('shows the named insured as the account name on /profile after buying', async () => {
      const { page } = await signedInPage(`named-${locale.toLowerCase()}-${Date.now()}@example.com`);
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      const quoteId = await prepareQuote(page, 'payment');
      await buyThroughApi(page, quoteId, { startInDays: 1 });
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      // The account panel fills its name field once the account has loaded.
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="name"]')?.value === 'Ana García');
      expect(await page.locator('input[name="name"]').inputValue()).toBe('Ana García');
      await page.context().close();
    });
  });
});
