import type { Page } from 'playwright-core';
import { prepareQuote } from '../support/browser-quote';
import { PURCHASE_TEXTS, screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';

const TEXTS = {
  'en-US': {
    title: 'Miles and billing',
    reading: 'Odometer reading',
    send: 'Send reading',
    saved: 'Reading of 12,000 miles saved.',
    down: 'That is lower than your last reading. Check the odometer and try again.',
    budget: 'Monthly mileage budget (optional)',
    saveBudget: 'Save budget',
    budgetSaved: 'Your budget of 600 miles a month is saved.',
    budgetShown: '0 of 600 miles',
    breakEven: 'Pay-per-mile costs more only above 1,125 miles a month.',
    billingDay: 'Statement day of the month',
    saveBillingDay: 'Save statement day',
    billingDaySaved: 'From now on your statements come on day 12 of the month.',
    baseRateLine: /^Base rate, .+2026 to .+2027$/,
    milesLine: /431\.5 miles at .+ a mile/,
  },
  es: {
    title: 'Millas y facturación',
    reading: 'Lectura del odómetro',
    send: 'Enviar lectura',
    saved: 'Guardamos la lectura de 12,000 millas.',
    down: 'Es menor que tu última lectura. Revisa el odómetro e inténtalo de nuevo.',
    budget: 'Presupuesto mensual de millas (opcional)',
    saveBudget: 'Guardar presupuesto',
    budgetSaved: 'Guardamos tu presupuesto de 600 millas al mes.',
    budgetShown: '0 de 600 millas',
    breakEven: 'El pago por milla cuesta más solo por encima de 1,125 millas al mes.',
    billingDay: 'Día del mes de tu estado de cuenta',
    saveBillingDay: 'Guardar día del estado de cuenta',
    billingDaySaved: 'Desde ahora tus estados de cuenta llegan el día 12 de cada mes.',
    baseRateLine: /^Tarifa base, del .+2026 al .+2027$/,
    milesLine: /431\.5 millas a .+ por milla/,
  },
};

/** Buys the quote through the API as the page's session (the purchase pages have their own tests). */
async function buyThroughApi(page: Page, quoteId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const post = async (path: string, body: object, headers: Record<string, string> = {}) => {
      const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${path}: ${res.status}`);
      return res.json();
    };
    const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };
    const { payload } = await post('/api/payments/sandbox/tokens', card);
    // Yesterday (UTC): the policy has begun on Arizona's clock too, whatever the hour.
    const startDate = new Date(Date.now() - 86_400_000).toISOString().slice(0, 10);
    await post('/api/policies', { quoteId: id, paymentToken: payload.token, startDate, agreeToTerms: true, signatureName: 'Ana García' }, { 'Idempotency-Key': crypto.randomUUID() });
  }, quoteId);
}

describe('Miles and billing on the profile', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('takes an odometer reading, refuses one that goes down, and keeps a mileage budget', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, `miles-${locale.toLowerCase()}@example.com`, purchase);
      await buyThroughApi(page, await prepareQuote(page, 'payment'));

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      await page.getByLabel(text.reading, { exact: true }).fill('12000');
      await page.getByRole('button', { name: text.send }).click();
      await page.getByText(text.saved).waitFor();
      await page.getByLabel(text.reading, { exact: true }).fill('11000');
      await page.getByRole('button', { name: text.send }).click();
      await page.getByText(text.down).waitFor();

      await page.getByLabel(text.budget, { exact: true }).fill('600');
      await page.getByRole('button', { name: text.saveBudget }).click();
      await page.getByText(text.budgetSaved).waitFor();
      await page.getByText(text.budgetShown).waitFor();
      await page.getByText(text.breakEven).waitFor();

      await page.getByLabel(text.billingDay, { exact: true }).selectOption('12');
      await page.getByRole('button', { name: text.saveBillingDay }).click();
      await page.getByText(text.billingDaySaved).waitFor();

      // A statement as billing makes it: every line shows on the page with its amount.
      const [{ id: policyId, vehicles }] = await queryRows<{ id: string; vehicles: { perMileRateMills: number }[] }>(
        env.app,
        `SELECT p.id, p.vehicles FROM policies p JOIN users u ON u.id = p.user_id WHERE lower(u.email) = lower($1)`,
        [`miles-${locale.toLowerCase()}@example.com`],
      );
      const mills = vehicles[0].perMileRateMills;
      const lines = [
        { kind: 'miles', vehicleIndex: 0, from: '2026-11-05', to: '2026-12-04', miles: 431.5, perMileRateMills: mills, amountCents: Math.round((431.5 * mills) / 10) },
        { kind: 'base-rate', from: '2026-12-05', to: '2027-01-04', amountCents: 4500 },
      ];
      const total = lines[0].amountCents + 4500;
      await queryRows(env.app, `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status, paid_at) VALUES ($1, 0, '2026-11-05', '2026-12-04', $2, $3, 'paid', now())`, [policyId, JSON.stringify(lines), total]);
      await page.reload();
      await page.locator('.miles-billing__statements summary').first().click();
      await page.getByText(text.baseRateLine).waitFor();
      await page.getByText(text.milesLine).waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `miles-billing-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `miles-billing-phone-${locale.toLowerCase()}`);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
