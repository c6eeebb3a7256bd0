import { formatCents } from '../../src/shared/format/money';
import { localizePath, LOCALES, type Locale } from '../../src/shared/locale';
import { PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { FakeStripe } from '../support/fake-stripe';
import { FAKE_STRIPE_JS } from '../support/fake-stripe-js';
import { createSignedInCookie } from '../support/session-fixtures';
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

const TEXTS = {
  'en-US': {
    ...PURCHASE_TEXTS['en-US'],
    cardRequired: ['Enter your card number.', 'Enter the expiry date.', 'Enter the security code.', 'Enter the billing ZIP code.'],
    payButton: /^Pay .+ and buy$/,
    estimator: {
      zip: 'ZIP code',
      age: 'Your age',
      miles: 'Miles a month',
      submit: 'Estimate my price',
      notServed: "We don't sell in that state yet.",
      ageError: 'Enter an age from 16 to 99.',
      result: /^About .+ a month plus .+ a mile$/,
    },
  },
  es: {
    ...PURCHASE_TEXTS.es,
    cardRequired: [
      'Escribe el número de tu tarjeta.',
      'Escribe la fecha de vencimiento.',
      'Escribe el código de seguridad.',
      'Escribe el código postal de facturación.',
    ],
    payButton: /^Pagar .+ y comprar$/,
    estimator: {
      zip: 'Código postal',
      age: 'Tu edad',
      miles: 'Millas al mes',
      submit: 'Estimar mi precio',
      notServed: 'Aún no vendemos en ese estado.',
      ageError: 'Escribe una edad de 16 a 99.',
      result: /^Unos .+ al mes más .+ por milla$/,
    },
  },
};

/** A page signed in as `email` (a customer, or Dana Reyes the demo agent), cookie banner answered. */
async function signedInPage(env: ReturnType<typeof browserTestEnvironment>, email: string, viewport = DESKTOP, agent = false): Promise<Page> {
  const { page } = await openWatchedPage(env.browser, { viewport });
  const cookie = await createSignedInCookie(env.app.databaseUrl, agent ? { email, role: 'agent', producerId: 'MTR-1001' } : { email });
  await page.context().addCookies([{ ...cookie, url: env.app.url }]);
  // Settled first: the page's own session calls are over before a test calls the API itself.
  await page.goto(env.app.url + '/privacy-policy', { waitUntil: 'networkidle' });
  return page;
}

/** The payment form's field errors, in the page's order. */
function shownErrors(page: Page): Promise<string[]> {
  return page.locator('.payment-form .field__error').allTextContents();
}

describe('Rough edges of the purchase pages (issue 15)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(LOCALES)('in %s', (locale: Locale) => {
    const text = TEXTS[locale];
    const at = (path: string) => env.app.url + localizePath(path, locale);

    it('shows staff for whom they are buying on the pages without a header, and nothing to a customer', async () => {
      const customer = `on-behalf-${locale.toLowerCase()}@example.com`;
      const agent = await signedInPage(env, 'agent@meterly.test', PHONE, true);
      await agent.evaluate(async (email) => {
        const res = await fetch('/api/agent/on-behalf', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        if (!res.ok) throw new Error(`on-behalf: ${res.status}`);
      }, customer);
      await prepareQuote(agent, 'payment');
      const expected = text.agentBanner(customer);
      for (const path of ['/quote', '/quote/coverage', '/quote/payment']) {
        await agent.goto(at(path));
        const notice = agent.locator('.staff-banner');
        await notice.filter({ hasText: expected }).waitFor();
        // Once, above the page: no header here, and no second banner anywhere.
        expect({
          path,
          count: await notice.count(),
          header: await agent.locator('header.site-header').count(),
          inMain: await agent.locator('main .staff-banner--compact').count(),
        }).toEqual({ path, count: 1, header: 0, inMain: 1 });
        for (const viewport of [PHONE, DESKTOP]) {
          await agent.setViewportSize(viewport);
          await screenshot(agent, `i15-on-behalf-${path.replaceAll('/', '_')}-${viewport.width}-${locale}`);
        }
        await agent.setViewportSize(PHONE);
        expect({ path, a11y: await seriousA11yProblems(agent) }).toEqual({ path, a11y: [] });
      }
      await agent.context().close();

      const page = await signedInPage(env, `not-acting-${locale.toLowerCase()}@example.com`);
      await prepareQuote(page, 'payment');
      for (const path of ['/quote', '/quote/coverage', '/quote/payment']) {
        await page.goto(at(path));
        await page.getByRole('heading', { level: 1 }).waitFor();
        await page.waitForLoadState('networkidle');
        expect({ path, banners: await page.locator('.staff-banner').count() }).toEqual({ path, banners: 0 });
      }
      await page.context().close();
    });

    it('reports every error of an empty payment form at once, the first one focused', async () => {
      const page = await signedInPage(env, `empty-pay-${locale.toLowerCase()}@example.com`);
      await prepareQuote(page, 'payment');
      const purchases: string[] = [];
      page.on('request', (req) => /\/api\/(policies|payments\/sandbox)/.test(req.url()) && purchases.push(req.url()));
      await page.goto(at('/quote/payment'));
      await page.waitForFunction(() => {
        const input = document.querySelector('input[autocomplete="cc-number"]');
        return input && !input.hasAttribute('disabled');
      });

      await page.getByRole('button', { name: text.payButton }).click();
      await page.getByText(text.nameRequired).waitFor();
      expect(await shownErrors(page)).toEqual([...text.cardRequired, text.agreeRequired, text.nameRequired]);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('autocomplete'))).toBe('cc-number');
      expect(purchases).toEqual([]);
      for (const viewport of [PHONE, DESKTOP]) {
        await page.setViewportSize(viewport);
        await screenshot(page, `i15-empty-payment-${viewport.width}-${locale}`);
      }
      expect(await seriousA11yProblems(page)).toEqual([]);

      // With the card right, the signature's problems alone remain, the box first.
      await page.getByLabel(text.card.number, { exact: true }).fill('4242 4242 4242 4242');
      await page.getByLabel(text.card.expiry, { exact: true }).fill('1230');
      await page.getByLabel(text.card.cvc, { exact: true }).fill('123');
      await page.getByLabel(text.card.postalCode, { exact: true }).fill('85004');
      await page.getByRole('button', { name: text.payButton }).click();
      await page.waitForFunction((count) => document.querySelectorAll('.payment-form .field__error').length === count, 2);
      expect(await shownErrors(page)).toEqual([text.agreeRequired, text.nameRequired]);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('agreeToTerms');
      expect(purchases).toEqual([]);
      await page.context().close();
    });

    it("clears the Home estimator's old answer on an edit and on a new submit", async () => {
      const e = text.estimator;
      const { page } = await openWatchedPage(env.browser, { viewport: PHONE });
      await page.goto(at('/'), { waitUntil: 'networkidle' });
      const result = page.locator('.estimator__result');
      const estimate = async (zip: string, age = '35') => {
        await page.getByLabel(e.zip, { exact: true }).fill(zip);
        await page.getByLabel(e.age, { exact: true }).fill(age);
        await page.getByRole('button', { name: e.submit }).click();
      };

      await estimate('10001');
      await result.getByText(e.notServed).waitFor();
      await page.getByLabel(e.miles, { exact: true }).fill('700');
      expect(await result.textContent()).toBe('');

      await estimate('10001');
      await result.getByText(e.notServed).waitFor();
      await screenshotOf(page.locator('.estimator'), `i15-estimator-not-served-390-${locale}`);
      await estimate('10001', '5');
      await page.getByText(e.ageError).waitFor();
      expect(await result.textContent()).toBe('');
      await screenshotOf(page.locator('.estimator'), `i15-estimator-field-error-390-${locale}`);
      await page.setViewportSize(DESKTOP);
      await screenshotOf(page.locator('.estimator'), `i15-estimator-field-error-1280-${locale}`);

      await estimate('85004');
      await result.getByText(e.result).waitFor();
      await page.getByLabel(e.zip, { exact: true }).fill('85003');
      expect(await result.textContent()).toBe('');
      await page.context().close();
    });

    it('keeps the price in view on a phone while a coverage far down the page changes', async () => {
      const page = await signedInPage(env, `coverage-phone-${locale.toLowerCase()}@example.com`, PHONE);
      await prepareQuote(page, 'payment');
      await page.goto(at('/quote/coverage'));
      const rental = page.locator('select[name="rental"]');
      await rental.waitFor();
      await page.waitForLoadState('networkidle');
      const price = page.getByTestId('summary-price');
      const before = await price.textContent();

      const current = await rental.inputValue();
      const other = await rental.evaluate(
        (select: HTMLSelectElement, value) => [...select.options].find((o) => o.value !== value && !o.disabled)!.value,
        current,
      );
      await rental.scrollIntoViewIfNeeded();
      await rental.focus();
      const saved = page.waitForResponse((res) => /\/api\/quotes\/[^/]+\/coverage$/.test(res.url()) && res.request().method() === 'PUT');
      await rental.selectOption(other);
      const answer = (await (await saved).json()) as { payload: { policyPrice: { baseRateCents: number } } };
      const base = formatCents(answer.payload.policyPrice.baseRateCents, locale);
      await page.waitForFunction((wanted) => document.querySelector('[data-testid="summary-price"]')?.textContent?.includes(wanted), base);
      expect((await price.textContent()) !== before).toBe(true);

      const boxes = await page.evaluate(() => {
        const rect = (el: Element | null) => {
          const r = el!.getBoundingClientRect();
          return { top: r.top, bottom: r.bottom, left: r.left, right: r.right };
        };
        return {
          price: rect(document.querySelector('[data-testid="summary-price"]')),
          bar: rect(document.querySelector('.quote-summary')),
          select: rect(document.querySelector('select[name="rental"]')),
          launcher: rect(document.querySelector('.chat-launcher')),
          focused: (document.activeElement as HTMLSelectElement | null)?.name,
          height: window.innerHeight,
          scrolled: window.scrollY,
        };
      });
      expect(boxes.scrolled).toBeGreaterThan(0);
      expect(boxes.price.top).toBeGreaterThanOrEqual(0);
      expect(boxes.price.bottom).toBeLessThanOrEqual(boxes.height);
      // Neither the changed control nor the chat launcher is under the price.
      expect(boxes.focused).toBe('rental');
      expect(boxes.select.top).toBeGreaterThanOrEqual(boxes.bar.bottom);
      expect(boxes.launcher.top).toBeGreaterThanOrEqual(boxes.bar.bottom);
      await screenshotOf(page, `i15-coverage-phone-viewport-${locale}`);
      await screenshot(page, `i15-coverage-phone-${locale}`);
      await page.setViewportSize(DESKTOP);
      await screenshot(page, `i15-coverage-desktop-${locale}`);
      await page.context().close();
    });
  });
});

describe('An empty payment with Stripe Elements for the card (issue 15)', () => {
  jest.setTimeout(120_000);
  let stripe: FakeStripe;
  const stripeEnv: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTheLoopbackServer',
    STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakePublishableKeyForTests',
    STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefABCDEF',
  };
  // Before the environment's own beforeAll, which reads stripeEnv to start the app.
  beforeAll(async () => {
    stripe = await FakeStripe.start();
    stripeEnv.STRIPE_API_URL = stripe.url;
  });
  afterAll(async () => {
    await stripe.close();
  });
  const env = browserTestEnvironment(stripeEnv);

  it.each(LOCALES)("in %s: one press of Pay shows the card's, the terms' and the signature's errors, the cursor in the card number", async (locale) => {
    const text = TEXTS[locale];
    const page = await signedInPage(env, `empty-stripe-${locale.toLowerCase()}@example.com`);
    await page.route(/^https:\/\/js\.stripe\.com\//, (route) => route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }));
    await prepareQuote(page, 'payment');
    await page.goto(env.app.url + localizePath('/quote/payment', locale));
    await page.locator('[data-fake-stripe="cardCvc"]').waitFor();

    await page.getByRole('button', { name: text.payButton }).click();
    await page.getByText(text.nameRequired).waitFor();
    expect(await shownErrors(page)).toEqual([...text.cardRequired, text.agreeRequired, text.nameRequired]);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-fake-stripe'))).toBe('cardNumber');
    expect(await page.evaluate(() => (window as unknown as { __fakeStripe: { created: unknown[] } }).__fakeStripe.created)).toEqual([]);
    expect(stripe.calls).toEqual([]);
    expect(await seriousA11yProblems(page)).toEqual([]);
    await page.context().close();
  });
});
