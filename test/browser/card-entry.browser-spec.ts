import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import type { Page } from 'playwright-core';

const YEAR = new Date().getUTCFullYear() + 3;

const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    number: 'payment:number.label',
    expiry: 'payment:expiry.label',
    cvc: 'payment:cvc.label',
    postalCode: 'payment:postalCode.label',
    add: 'payment:method.add',
    save: 'payment:method.save',
    replace: 'payment:method.replace',
    cancel: 'payment:method.cancel',
    saved: 'payment:method.saved',
    luhn: 'payment:errors.number.luhn',
    past: 'payment:errors.expiry.past',
    cvcFormat: 'payment:errors.cvc.format',
    zipFormat: 'payment:errors.postalCode.format',
  },
  {
    'en-US': {
      none: 'No card saved yet.',
      required: ['Enter your card number.', 'Enter the expiry date.', 'Enter the security code.', 'Enter the billing ZIP code.'],
      brand: 'Visa card',
      summary: `Visa ending in 4242, expires 12/${YEAR}`,
    },
    es: {
      none: 'Aún no guardaste una tarjeta.',
      required: [
        'Escribe el número de tu tarjeta.',
        'Escribe la fecha de vencimiento.',
        'Escribe el código de seguridad.',
        'Escribe el código postal de facturación.',
      ],
      brand: 'Tarjeta Visa',
      summary: `Visa terminada en 4242, vence 12/${YEAR}`,
    },
  },
);

async function errorOf(page: Page, label: string): Promise<string | null> {
  const input = page.getByLabel(label, { exact: true });
  const describedBy = await input.getAttribute('aria-describedby');
  if (!describedBy || (await input.getAttribute('aria-invalid')) !== 'true') return null;
  return page.locator(`[id="${describedBy}"]`).textContent();
}

describe("CardEntry in sandbox mode: the profile's payment method", () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('says what is wrong beside each field, checks the Luhn digit and the expiry in the browser, turns the card into a token and saves it', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      const fetched: string[] = [];
      page.on('request', (req) => fetched.push(req.url()));
      // Sign-in lands on the profile.
      await signInThroughMailbox(page, env.app.url, `card-${locale.toLowerCase()}@example.com`, text);
      await page.getByText(text.none, { exact: false }).waitFor();
      await page.getByRole('button', { name: text.add }).click();

      const number = page.getByLabel(text.number, { exact: true });
      const expiry = page.getByLabel(text.expiry, { exact: true });
      const cvc = page.getByLabel(text.cvc, { exact: true });
      const postalCode = page.getByLabel(text.postalCode, { exact: true });
      expect(await number.getAttribute('autocomplete')).toBe('cc-number');
      expect(await expiry.getAttribute('autocomplete')).toBe('cc-exp');
      expect(await cvc.getAttribute('autocomplete')).toBe('cc-csc');
      expect(await postalCode.getAttribute('autocomplete')).toBe('billing postal-code');
      expect(await number.getAttribute('inputmode')).toBe('numeric');

      // Nothing typed: every field says what it needs, and the first one has the focus.
      await number.waitFor();
      await page.waitForFunction(() => !document.querySelector('input[autocomplete="cc-number"]')?.hasAttribute('disabled'));
      await page.getByRole('button', { name: text.save }).click();
      await page.getByText(text.required[0]).waitFor();
      expect([await errorOf(page, text.number), await errorOf(page, text.expiry), await errorOf(page, text.cvc), await errorOf(page, text.postalCode)]).toEqual(
        text.required,
      );
      expect(await number.evaluate((input) => input === document.activeElement)).toBe(true);

      // Wrong as they are left: a failing check digit, a past month, a short code, a short ZIP.
      await number.fill('4242424242424241');
      expect(await number.inputValue()).toBe('4242 4242 4242 4241');
      await expiry.fill('0120');
      expect(await expiry.inputValue()).toBe('01 / 20');
      await cvc.fill('12');
      await postalCode.fill('8500');
      await number.focus();
      await page.getByText(text.zipFormat).waitFor();
      expect(await errorOf(page, text.number)).toBe(text.luhn);
      expect(await errorOf(page, text.expiry)).toBe(text.past);
      expect(await errorOf(page, text.cvc)).toBe(text.cvcFormat);
      expect(await errorOf(page, text.postalCode)).toBe(text.zipFormat);

      // Put right: each message goes as its field is fixed, and the brand shows.
      await number.fill('4242 4242 4242 4242');
      expect(await errorOf(page, text.number)).toBeNull();
      await page.getByText(text.brand).waitFor();
      await expiry.fill(`12${String(YEAR).slice(2)}`);
      await cvc.fill('123');
      await postalCode.fill('85004');
      expect(await errorOf(page, text.expiry)).toBeNull();

      const tokenResponse = page.waitForResponse((res) => res.url().endsWith('/api/payments/sandbox/tokens'));
      const saveResponse = page.waitForResponse((res) => res.url().endsWith('/api/payments/method') && res.request().method() === 'PUT');
      await page.getByRole('button', { name: text.save }).click();
      const answer = await tokenResponse;
      expect(answer.status()).toBe(201);
      const sent = JSON.parse(answer.request().postData() ?? '{}');
      expect(sent).toEqual({ number: '4242424242424242', expMonth: 12, expYear: YEAR, cvc: '123', postalCode: '85004' });
      const { payload } = await answer.json();
      expect(payload).toEqual({ token: expect.stringMatching(/^tok_sandbox_/), brand: 'visa', last4: '4242', expMonth: 12, expYear: YEAR });

      // Only the token goes to our API; the saved card is its summary, the fields are gone.
      expect(JSON.parse((await saveResponse).request().postData() ?? '{}')).toEqual({ token: payload.token });
      await page.getByText(text.saved).waitFor();
      await page.getByText(text.summary).waitFor();
      expect(await page.locator('input[autocomplete="cc-number"]').count()).toBe(0);

      // The server keeps it: a reload shows it, and replacing starts from empty fields.
      await page.reload();
      await page.getByText(text.summary).waitFor();
      await page.getByRole('button', { name: text.replace }).click();
      expect(await page.getByLabel(text.number, { exact: true }).inputValue()).toBe('');
      await page.getByRole('button', { name: text.cancel }).click();
      await page.getByText(text.summary).waitFor();
      // Sandbox mode: neither Stripe.js nor our Stripe chunk is fetched.
      expect(fetched.filter((url) => /stripe/i.test(url))).toEqual([]);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });

  it('shows the message the sandbox answers for a card it refuses after the browser let it through', async () => {
    const { page, problems } = await openWatchedPage(env.browser);
    await signInThroughMailbox(page, env.app.url, 'card-server@example.com');
    await page.getByRole('button', { name: 'Add a card' }).click();
    await page.waitForFunction(() => !document.querySelector('input[autocomplete="cc-number"]')?.hasAttribute('disabled'));
    // The browser's own check is skipped here to reach the server's: it must refuse the same card.
    await page.route('**/api/payments/sandbox/tokens', async (route) => {
      const body = JSON.parse(route.request().postData() ?? '{}');
      await route.continue({ postData: JSON.stringify({ ...body, number: '4242424242424241' }) });
    });
    await page.getByLabel('Card number', { exact: true }).fill('4242 4242 4242 4242');
    await page.getByLabel('Expiry date', { exact: true }).fill(`12${String(YEAR).slice(2)}`);
    await page.getByLabel('Security code', { exact: true }).fill('123');
    await page.getByLabel('Billing ZIP code', { exact: true }).fill('85004');
    await page.getByRole('button', { name: 'Save card' }).click();
    await page.getByText(TEXTS['en-US'].luhn).waitFor();
    expect(await errorOf(page, 'Card number')).toBe(TEXTS['en-US'].luhn);
    expect(problems.filter((problem) => !problem.includes('400'))).toEqual([]);
    await page.context().close();
  });
});
