import type { Page } from 'playwright-core';
import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { FAKE_STRIPE_JS } from '../support/fake-stripe-js';

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

describe('CardEntry with Stripe configured', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({
    STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTheLoopbackServer',
    STRIPE_PUBLISHABLE_KEY: PUBLISHABLE_KEY,
    STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefABCDEF',
    STRIPE_API_URL: 'http://127.0.0.1:9',
  });

  it.each([
    ['en-US', 'en', 'Use this card', 'Visa ending in 4242, expires 12/2030'],
    ['es', 'es', 'Usar esta tarjeta', 'Visa terminada en 4242, vence 12/2030'],
  ] as const)('in %s: loads Stripe.js only on the page that takes a card, and Elements gives back a PaymentMethod', async (locale, elementsLocale, useCard, summary) => {
    const text = LOGIN_TEXTS[locale];
    const { page, problems } = await openWatchedPage(env.browser);
    const fetched = await watchStripe(page);
    await signInThroughMailbox(page, env.app.url, `stripe-${locale.toLowerCase()}@example.com`, text);
    await page.goto(`${env.app.url}${text.prefix}/`, { waitUntil: 'networkidle' });
    expect(loadsStripe(fetched)).toBe(false);

    await page.goto(`${env.app.url}${text.prefix}/quote/payment`);
    const number = page.locator('[data-fake-stripe="cardNumber"]');
    await number.waitFor();
    expect(fetched.some((url) => /stripe-card-fields/.test(url))).toBe(true);
    expect(fetched.filter((url) => STRIPE_JS.test(url))).toEqual(['https://js.stripe.com/endive/stripe.js']);
    expect(await page.evaluate(() => (window as unknown as { __fakeStripe: { keys: string[]; elementsOptions: { locale: string }[] } }).__fakeStripe)).toMatchObject({
      keys: [PUBLISHABLE_KEY],
      elementsOptions: [{ locale: elementsLocale }],
    });
    await page.locator('[data-fake-stripe="cardExpiry"]').waitFor();
    await page.locator('[data-fake-stripe="cardCvc"]').waitFor();
    // Our page never holds a card-number field of its own in Stripe mode.
    expect(await page.locator('input[autocomplete="cc-number"]').count()).toBe(0);

    await number.fill('4000');
    await page.locator('input[autocomplete="billing postal-code"]').fill('85004');
    await page.getByRole('button', { name: useCard }).click();
    await page.getByText('Your card number is invalid.').waitFor();

    await page.locator('[data-fake-stripe="cardNumber"]').fill('4242');
    await page.getByRole('button', { name: useCard }).click();
    await page.getByText(summary).waitFor();
    const created = await page.evaluate(() => (window as unknown as { __fakeStripe: { created: unknown[] } }).__fakeStripe.created);
    expect(created.at(-1)).toEqual({ type: 'card', billing_details: { address: { postal_code: '85004', country: 'US' } } });
    expect(fetched.some((url) => url.includes('/api/payments/sandbox/tokens'))).toBe(false);
    expect(problems).toEqual([]);
    await page.context().close();
  });

  it('says so when Stripe.js cannot be loaded', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await watchStripe(page, 'fail');
    await signInThroughMailbox(page, env.app.url, 'stripe-offline@example.com');
    await page.goto(`${env.app.url}/quote/payment`);
    await page.getByText('Secure card entry could not load. Check your connection and reload the page.').waitFor();
    expect(problems.some((problem) => problem.includes('[payment] Stripe.js could not be loaded'))).toBe(true);
    await page.context().close();
  });
});
