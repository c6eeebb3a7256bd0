import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { FakeStripe, type StripeCall } from '../support/fake-stripe';
import { FAKE_STRIPE_JS } from '../support/fake-stripe-js';
import type { Page } from 'playwright-core';

const PUBLISHABLE_KEY = 'pk_test_51FakePublishableKeyForTests';
const STRIPE_JS = /^https:\/\/js\.stripe\.com\//;

/** Serves the fake Stripe.js for js.stripe.com (or fails it), and lists what the page fetched. */
async function watchStripe(page: Page, answer: 'fake' | 'fail' = 'fake'): Promise<string[]> {
  const fetched: string[] = [];
  page.on('request', (req) => fetched.push(req.url()));
  await page.route(STRIPE_JS, (route) =>
    answer === 'fake' ? route.fulfill({ contentType: 'application/javascript', body: FAKE_STRIPE_JS }) : route.abort('connectionrefused'),
  );
  return fetched;
}

const loadsStripe = (urls: string[]) => urls.some((url) => STRIPE_JS.test(url) || /stripe-card-fields/.test(url));

/** Stripe's API for the server: the PaymentMethod Stripe.js made, a customer, a confirmed SetupIntent. */
function stripeApi(call: StripeCall) {
  if (call.path === '/v1/payment_methods/pm_fake_from_elements') {
    return {
      body: { id: 'pm_fake_from_elements', object: 'payment_method', customer: null, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030 } },
    };
  }
  if (call.path === '/v1/customers') return { body: { id: 'cus_browser', object: 'customer' } };
  if (call.path === '/v1/setup_intents') {
    return {
      body: { id: 'seti_browser', object: 'setup_intent', status: 'succeeded', customer: call.form.customer, payment_method: call.form.payment_method },
    };
  }
  return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such thing' } } };
}

describe("CardEntry with Stripe configured: the profile's payment method", () => {
  jest.setTimeout(120_000);
  let stripe: FakeStripe;
  const stripeEnv: Record<string, string> = {
    STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTheLoopbackServer',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefABCDEF',
  };
  // Runs before the environment's own beforeAll, which reads stripeEnv to start the app.
  beforeAll(async () => {
    stripe = await FakeStripe.start();
    stripe.respond(stripeApi);
    stripeEnv.STRIPE_API_URL = stripe.url;
  });
  afterAll(async () => {
    await stripe.close();
  });
  const env = browserTestEnvironment(stripeEnv);

  it.each([
    [
      'en-US',
      'en',
      'Add a card',
      'Save card',
      'Visa ending in 4242, expires 12/2030',
      ['Enter your card number.', 'Enter the expiry date.', 'Enter the security code.', 'Enter the billing ZIP code.'],
    ],
    [
      'es',
      'es',
      'Agregar una tarjeta',
      'Guardar tarjeta',
      'Visa terminada en 4242, vence 12/2030',
      ['Escribe el número de tu tarjeta.', 'Escribe la fecha de vencimiento.', 'Escribe el código de seguridad.', 'Escribe el código postal de facturación.'],
    ],
  ] as const)(
    'in %s: loads Stripe.js only once a card is asked for, and saves the PaymentMethod Elements made',
    async (locale, elementsLocale, add, save, summary, required) => {
      const text = LOGIN_TEXTS[locale];
      const { page, problems } = await openWatchedPage(env.browser);
      const fetched = await watchStripe(page);
      await page.goto(`${env.app.url}${text.prefix}/`, { waitUntil: 'networkidle' });
      await signInThroughMailbox(page, env.app.url, `stripe-${locale.toLowerCase()}@example.com`, text);
      await page.getByRole('button', { name: add }).waitFor();
      expect(loadsStripe(fetched)).toBe(false);

      await page.getByRole('button', { name: add }).click();
      const number = page.locator('[data-fake-stripe="cardNumber"]');
      await number.waitFor();
      expect(fetched.some((url) => /stripe-card-fields/.test(url))).toBe(true);
      expect(fetched.filter((url) => STRIPE_JS.test(url))).toEqual(['https://js.stripe.com/endive/stripe.js']);
      expect(
        await page.evaluate(() => (window as unknown as { __fakeStripe: { keys: string[]; elementsOptions: { locale: string }[] } }).__fakeStripe),
      ).toMatchObject({
        keys: [PUBLISHABLE_KEY],
        elementsOptions: [{ locale: elementsLocale }],
      });
      await page.locator('[data-fake-stripe="cardExpiry"]').waitFor();
      await page.locator('[data-fake-stripe="cardCvc"]').waitFor();
      // Our page never holds a card-number field of its own in Stripe mode.
      expect(await page.locator('input[autocomplete="cc-number"]').count()).toBe(0);

      // Empty: every field's message at once, Stripe's own fields included, the cursor in the first.
      await page.getByRole('button', { name: save }).click();
      await page.getByText(required[3]).waitFor();
      expect(await page.locator('.card-entry .field__error').allTextContents()).toEqual(required);
      expect(await page.evaluate(() => document.activeElement?.getAttribute('data-fake-stripe'))).toBe('cardNumber');
      expect(await page.evaluate(() => (window as unknown as { __fakeStripe: { created: unknown[] } }).__fakeStripe.created)).toEqual([]);

      await number.fill('4000');
      await page.locator('[data-fake-stripe="cardExpiry"]').fill('1230');
      await page.locator('[data-fake-stripe="cardCvc"]').fill('123');
      await page.locator('input[autocomplete="billing postal-code"]').fill('85004');
      expect(await page.locator('.card-entry .field__error').count()).toBe(0);
      await page.getByRole('button', { name: save }).click();
      await page.getByText('Your card number is invalid.').waitFor();

      stripe.reset();
      await number.fill('4242');
      const saved = page.waitForResponse((res) => res.url().endsWith('/api/payments/method') && res.request().method() === 'PUT');
      await page.getByRole('button', { name: save }).click();
      expect(JSON.parse((await saved).request().postData() ?? '{}')).toEqual({ token: 'pm_fake_from_elements' });
      await page.getByText(summary).waitFor();
      const created = await page.evaluate(() => (window as unknown as { __fakeStripe: { created: unknown[] } }).__fakeStripe.created);
      expect(created.at(-1)).toEqual({ type: 'card', billing_details: { address: { postal_code: '85004', country: 'US' } } });
      // The server kept it through Stripe: the PaymentMethod read back, a customer, a SetupIntent.
      expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual(
        expect.arrayContaining(['GET /v1/payment_methods/pm_fake_from_elements', 'POST /v1/setup_intents']),
      );
      expect(fetched.some((url) => url.includes('/api/payments/sandbox/tokens'))).toBe(false);
      expect(problems).toEqual([]);
      await page.context().close();
    },
  );

  it('says so when Stripe.js cannot be loaded', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await watchStripe(page, 'fail');
    await signInThroughMailbox(page, env.app.url, 'stripe-offline@example.com');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.getByText('Secure card entry could not load. Check your connection and reload the page.').waitFor();
    expect(problems.some((problem) => problem.includes('[payment] Stripe.js could not be loaded'))).toBe(true);
    await page.context().close();
  });
});
