import { CLAIMS_PHONE } from '../../src/shared/claims/claims-contact';
import { localizePath, LOCALES, type Locale } from '../../src/shared/locale';
import { applicationToPayment, payAndSign, TEXAS } from '../support/browser-application';
import { fillCard, PURCHASE_TEXTS, screenshot, seriousA11yProblems, sign } from '../support/browser-purchase';
import { nextStep, QUOTE_TEXTS, quoteAfterZip } from '../support/browser-quote-steps';
import { openNewestMailFor, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { pdfText } from '../support/pdf-text';
import { createSignedInCookie } from '../support/session-fixtures';
import { vinFor } from '../support/vin-for';

const PHONE = { width: 390, height: 844 };
// Each locale's sale by another seeded agent (a link a minute per address: the two runs are
// closer than that): Dana Reyes (AZ, TX, OR) refused in Illinois, Luis Ortega (IL, PA, TX) in Arizona.
const TEXTS = {
  'en-US': {
    getQuote: 'Get your quote',
    allSold: 'All policies sold by staff',
    seller: 'Sold by',
    agent: { email: 'agent@meterly.test', name: 'Dana Reyes', refusedZip: '60601' },
  },
  es: {
    getQuote: 'Cotiza ahora',
    allSold: 'Todas las pólizas vendidas por el personal',
    seller: 'Vendida por',
    agent: { email: 'agent2@meterly.test', name: 'Luis Ortega', refusedZip: '85004' },
  },
};

/**
 * Issue 15's journeys, each from its first page to its last as a person takes it, in both
 * languages: a customer in Texas on a phone (the Arizona customer on a desktop is
 * quote.browser-spec's), and an agent's sale from the refused state to the licensed one, signed
 * by the customer and reviewed by the admin. Screenshots in .screens/journey-*.
 */
describe('Journeys end to end (issue 15)', () => {
  jest.setTimeout(300_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });
  const expectedNoise = (problem: string) => /Failed to load resource.*(403|429)/.test(problem);

  describe.each(LOCALES)('in %s', (locale: Locale) => {
    // The quote's words last: "next" is its Continue button, not the purchase page's heading.
    const text = { ...PURCHASE_TEXTS[locale], ...QUOTE_TEXTS[locale], ...TEXTS[locale] };
    const base = () => env.app.url + text.prefix;
    const tag = locale.toLowerCase();

    it('a customer in Texas on a phone: Home to a policy, its ID card and declarations, and the profile after', async () => {
      const { page, problems } = await openWatchedPage(env.browser, { viewport: PHONE });
      await page.goto(env.app.url + localizePath('/', locale));
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      await page.getByRole('link', { name: text.getQuote }).first().click();
      await page.waitForURL(`${base()}/quote`);
      // Home stays on screen while the quote's code loads (its estimator has a ZIP field too).
      await page.getByText(text.step(1)).waitFor();
      await page.getByLabel(text.zip).fill('78701');
      await screenshot(page, `journey-tx-${tag}-1-zip`);
      await nextStep(page, text, 2);
      await quoteAfterZip(page, text);
      await screenshot(page, `journey-tx-${tag}-1-quote`);

      const email = `journey-tx-${tag}-${Date.now()}@example.com`;
      await page.getByLabel(text.emailLabel).fill(email);
      await page.getByRole('button', { name: text.sendLink }).click();
      await page.getByRole('heading', { name: text.check }).waitFor();
      await openNewestMailFor(page, env.app.url, email);
      await page.goto(/(http\S+#code=\S+)/.exec((await page.locator('.mail-text').textContent()) ?? '')![1]);
      await page.getByRole('button', { name: new RegExp(`^${text.continuePrefix} `) }).click();
      await page.waitForURL(`${base()}/quote/application`);

      await applicationToPayment(page, base(), locale, TEXAS, `journey-tx-${tag}-2`);
      await screenshot(page, `journey-tx-${tag}-3-payment`);
      const { number } = await payAndSign(page, locale, 'Ana García');
      expect(number).toMatch(/^MP-TX-\d{7}$/);
      await screenshot(page, `journey-tx-${tag}-4-purchased`);

      const pdf = async (name: RegExp) => {
        const href = (await page.getByRole('link', { name }).getAttribute('href'))!;
        return pdfText(await (await page.request.get(new URL(href, page.url()).toString())).body());
      };
      const vin = vinFor({ year: 2019, make: 'Honda' });
      const idCard = await pdf(new RegExp(text.idCard));
      expect(idCard).toContain(vin);
      expect(idCard).toContain(CLAIMS_PHONE);
      const declarations = await pdf(new RegExp(text.declarations));
      expect(declarations).toContain('Ana García');
      expect(declarations).toContain(vin);
      expect(declarations).toContain('••••1357');
      expect(declarations).not.toContain(TEXAS.license.number);

      await page.goto(`${base()}/profile`);
      await page.getByText(number).first().waitFor();
      await page.waitForFunction(() => document.querySelector<HTMLInputElement>('input[name="name"]')?.value === 'Ana García');
      await screenshot(page, `journey-tx-${tag}-5-profile`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();
    });

    it('an agent refused where not licensed sells in Texas, the customer signs on the profile, and the admin reviews the sale', async () => {
      const customer = `journey-sold-${tag}-${Date.now()}@example.com`;
      const agent = await openWatchedPage(env.browser);
      await signInThroughMailbox(agent.page, env.app.url, text.agent.email, text);
      // Staff land on /agent, not on a customer's profile.
      expect(new URL(agent.page.url()).pathname).toBe(localizePath('/agent', locale));
      await agent.page.getByLabel(text.customerEmail).fill(customer);
      await agent.page.getByRole('button', { name: text.startPurchase }).click();
      await agent.page.waitForFunction(
        (wanted) => document.querySelector('.staff-banner')?.textContent === wanted,
        text.agentBanner(customer).replace('Dana Reyes', text.agent.name),
      );

      await agent.page.goto(`${base()}/quote`);
      await agent.page.getByLabel(text.zip).fill(text.agent.refusedZip);
      await agent.page.getByTestId('licence-notice').waitFor();
      await screenshot(agent.page, `journey-agent-${tag}-1-state-refused`);
      await agent.page.getByLabel(text.zip).fill('78701');
      await agent.page.getByTestId('licence-notice').waitFor({ state: 'detached' });
      await nextStep(agent.page, text, 2);
      await quoteAfterZip(agent.page, text);
      await agent.page.getByRole('button', { name: text.toApplication }).click();
      await agent.page.waitForURL(`${base()}/quote/application`);
      await applicationToPayment(agent.page, base(), locale, TEXAS, `journey-agent-${tag}-2`);
      await agent.page.getByText(text.staffNote(customer)).waitFor();
      await fillCard(agent.page, text, '4242 4242 4242 4242');
      await agent.page.getByRole('button', { name: text.staffSubmit }).click();
      await agent.page.getByRole('heading', { name: text.pendingTitle, level: 1 }).waitFor();
      const policyId = new URL(agent.page.url()).searchParams.get('policy')!;
      const number = (await agent.page.getByTestId('policy-number').textContent())!.trim();
      expect(number).toMatch(/^MP-TX-\d{7}$/);
      await screenshot(agent.page, `journey-agent-${tag}-3-sent-to-sign`);
      await agent.page.goto(`${base()}/agent`);
      await agent.page.getByRole('button', { name: text.stop }).click();
      expect(agent.problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await agent.page.context().close();

      const { page, problems } = await openWatchedPage(env.browser, { viewport: PHONE });
      await signInThroughMailbox(page, env.app.url, customer, text);
      await page.goto(`${base()}/profile?confirm=${policyId}`);
      const review = page.getByRole('region', { name: text.review });
      await review.waitFor();
      await sign(page, text, 'Ana García');
      await screenshot(page, `journey-agent-${tag}-4-customer-signs`);
      await review.getByRole('button', { name: /\$\d/ }).click();
      await page.getByText(text.signedNews(number)).waitFor();
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();

      const admin = await openWatchedPage(env.browser);
      if (locale === 'en-US') {
        await signInThroughMailbox(admin.page, env.app.url, 'admin@meterly.test', text);
        expect(new URL(admin.page.url()).pathname).toBe(localizePath('/agent', locale));
      } else {
        // The English run's link to the admin went out within the minute: a session of theirs instead.
        await admin.page
          .context()
          .addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email: 'admin@meterly.test', role: 'admin' })), url: env.app.url }]);
        await admin.page.goto(`${base()}/agent`);
      }
      await admin.page.getByRole('heading', { name: text.allSold }).waitFor();
      await admin.page.getByRole('columnheader', { name: text.seller }).waitFor();
      const sale = admin.page.getByRole('row').filter({ hasText: number });
      await sale.waitFor();
      expect(await sale.textContent()).toContain(text.agent.name);
      expect(await sale.textContent()).toContain(text.active);
      await screenshot(admin.page, `journey-admin-${tag}-5-review`);
      expect(await seriousA11yProblems(admin.page)).toEqual([]);
      expect(admin.problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await admin.page.context().close();
    });
  });
});
