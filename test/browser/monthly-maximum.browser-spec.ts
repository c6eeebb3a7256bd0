import { billingPeriod } from '../../src/shared/billing/billing-periods';
import { addDays, daysInclusive } from '../../src/shared/dates/iso-day';
import { formatCents, formatNumber } from '../../src/shared/format/money';
import { buyThroughApi, policiesOf } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import type { Locator, Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    price: (amount: string) => `The most a month can cost: ${amount}`,
    why: 'The base rate plus 250 miles on each of the 31 days of the longest month, for every car. Miles past that are free.',
    card: (amount: string) => `At most ${amount} in any month`,
    medical: 'Medical payments $2,500',
    title: 'Miles and billing',
    statement: (amount: string, days: number) =>
      `The most this period could cost: ${amount}, its base rate and each car at 250 miles on each of its ${days} days.`,
    split: (paid: string, rest: string) => `${paid} base rate, paid ahead; ${rest} to come on your next statement`,
  },
  es: {
    price: (amount: string) => `Lo máximo que puede costar un mes: ${amount}`,
    why: 'La tarifa base más 250 millas en cada uno de los 31 días del mes más largo, por cada auto. Las millas de más son gratis.',
    card: (amount: string) => `Como máximo ${amount} en cualquier mes`,
    medical: 'Gastos médicos $2,500',
    title: 'Millas y facturación',
    statement: (amount: string, days: number) =>
      `Lo máximo que podía costar este periodo: ${amount}, su tarifa base y cada auto con 250 millas en cada uno de sus ${days} días.`,
    split: (paid: string, rest: string) => `${paid} de tarifa base, ya pagada por adelantado; ${rest} por cobrar en tu próximo estado de cuenta`,
  },
};

interface Priced {
  baseRateCents: number;
  vehicles: { perMileRateMills: number; year: number; make: string; model: string }[];
}

const getJson = <T>(page: Page, path: string): Promise<T> => page.evaluate(async (path) => (await (await fetch(path)).json()).payload, path) as Promise<T>;

/** The part at a desktop's width and a phone's (390 px), to look at. */
async function shootBoth(page: Page, part: Locator, name: string): Promise<void> {
  await screenshotOf(part, name);
  await page.setViewportSize({ width: 390, height: 844 });
  await screenshotOf(part, `${name}-phone`);
  await page.setViewportSize({ width: 1280, height: 800 });
}

/**
 * Issue 26: the most a month can cost, the base rate plus every car at 250 miles a day, is said at
 * the price (the price panel and each package card) and on every statement in My account.
 */
describe('The most a month can cost', () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('is shown at the price, on the package cards and on a statement, to the cent', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, `monthly-maximum-${locale.toLowerCase()}@example.com`, purchase);
      const quoteId = await prepareQuote(page, 'payment');
      const money = (cents: number) => formatCents(cents, locale);
      // 250 miles at tenths of a cent is 25 × the rate in cents a day.
      const most = (price: Priced, days: number) => price.baseRateCents + price.vehicles.reduce((sum, v) => sum + 25 * days * v.perMileRateMills, 0);

      // The price the payment page shows: base rate and the car at the cap on each of 31 days.
      const quote = await getJson<{ policyPrice: Priced }>(page, `/api/quotes/${quoteId}`);
      await page.goto(`${env.app.url}${purchase.prefix}/quote/payment`);
      const panel = page.locator('.price-panel');
      const maximum = page.getByTestId('monthly-maximum');
      await maximum.waitFor();
      expect(await maximum.locator('strong').textContent()).toBe(text.price(money(most(quote.policyPrice, 31))));
      expect(await maximum.locator('.muted').textContent()).toBe(text.why);
      await shootBoth(page, panel, `monthly-maximum-price-${locale.toLowerCase()}`);

      // Each package card says its own most.
      const { packages } = await getJson<{ packages: { package: string; price: Priced }[] }>(page, `/api/quotes/${quoteId}/packages`);
      await page.goto(`${env.app.url}${purchase.prefix}/quote/products`);
      await page.getByTestId('package-maximum').first().waitFor();
      expect(await page.getByTestId('package-maximum').allTextContents()).toEqual(packages.map((p) => text.card(money(most(p.price, 31)))));
      // Arizona has no PIP: the Standard card names its medical payments.
      expect(await page.locator('.packages > li').nth(1).locator('.checks li').allTextContents()).toContain(text.medical);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await shootBoth(page, page.locator('.packages'), `monthly-maximum-packages-${locale.toLowerCase()}`);

      // Bought; a statement for its first period, as billing words it.
      await buyThroughApi(page, quoteId);
      const [{ id: policyId }] = await policiesOf(page);
      const policy = await getJson<Priced & { effectiveDate: string }>(page, `/api/policies/${policyId}`);
      const period = billingPeriod({ effectiveDate: policy.effectiveDate, billingAnchors: null }, 0);
      const next = billingPeriod({ effectiveDate: policy.effectiveDate, billingAnchors: null }, 1);
      const [car] = policy.vehicles;
      const { year, make, model } = car;
      const lines = [
        {
          kind: 'miles',
          vehicleIndex: 0,
          vehicle: { year, make, model },
          from: period.start,
          to: period.end,
          miles: 400,
          perMileRateMills: car.perMileRateMills,
          amountCents: Math.round((400 * car.perMileRateMills) / 10),
        },
        { kind: 'base-rate', from: next.start, to: next.end, amountCents: policy.baseRateCents },
      ];
      const total = lines.reduce((sum, line) => sum + line.amountCents, 0);
      await queryRows(
        env.app,
        `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status, paid_at) VALUES ($1, 0, $2, $3, $4, $5, 'paid', now())`,
        [policyId, period.start, period.end, JSON.stringify(lines), total],
      );

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      // This period: what was paid ahead apart from what is still to bill, and its most.
      const days = daysInclusive(period.start, period.end);
      expect(await page.getByTestId('bill-so-far-split').textContent()).toBe(text.split(money(policy.baseRateCents), money(0)));
      expect(await page.getByTestId('period-maximum').textContent()).toBe(money(most(policy, days)));
      // The forecast's dollars are its shown miles at the rate, with the base rate (issue 26).
      const summary = await getJson<{ forecastMiles: number; forecastCents: number }>(page, `/api/policies/${policyId}/billing`);
      expect(Number.isInteger(summary.forecastMiles)).toBe(true);
      expect(summary.forecastCents).toBe(policy.baseRateCents + Math.round((summary.forecastMiles * car.perMileRateMills) / 10));
      expect(await page.getByTestId('forecast').textContent()).toContain(money(summary.forecastCents));
      expect(await page.getByTestId('forecast').textContent()).toContain(formatNumber(summary.forecastMiles, locale));
      const statement = page.locator('.miles-billing__statements details').first();
      await statement.locator('summary').click();
      expect(await statement.getByTestId('statement-maximum').textContent()).toBe(text.statement(money(most(policy, days)), days));
      expect(addDays(period.end, 1)).toBe(next.start);
      await shootBoth(page, page.locator('.miles-billing__statements'), `monthly-maximum-statement-${locale.toLowerCase()}`);
      await shootBoth(page, page.locator('.miles-billing__figures'), `monthly-maximum-figures-${locale.toLowerCase()}`);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
