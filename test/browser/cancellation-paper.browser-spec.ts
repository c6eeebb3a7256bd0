import { BillingService } from '../../src/modules/billing/billing.service';
import { addDays } from '../../src/shared/dates/iso-day';
import { formatCents } from '../../src/shared/format/money';
import { backdatePolicy } from '../support/backdate-policy';
import { customerWithPolicyInBrowser, driveOneTrip } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import { dayFromToday } from '../support/quote-fixtures';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    cancel: 'Cancel policy',
    date: 'Last day of coverage',
    refund: 'Refund to your card',
    notice: 'Download the cancellation notice',
    idCard: 'Download the ID card',
    billing: 'Miles and billing',
    statements: 'Statements',
    miles: 'Your miles this month',
    credit: 'Base rate given back',
  },
  es: {
    cancel: 'Cancelar la póliza',
    date: 'Último día de cobertura',
    refund: 'Reembolso a tu tarjeta',
    notice: 'Descargar el aviso de cancelación',
    idCard: 'Descargar la tarjeta de seguro',
    billing: 'Millas y facturación',
    statements: 'Estados de cuenta',
    miles: 'Tus millas este mes',
    credit: 'Tarifa base devuelta',
  },
};

/** The server's quote for `date`, as the page's session asks it. */
function quoteOf(page: Page, policyId: string, date: string): Promise<{ totalCents: number; creditCents: number; milesCents: number }> {
  return page.evaluate(async ({ policyId, date }) => (await (await fetch(`/api/policies/${policyId}/cancellation-quote?date=${date}`)).json()).payload, {
    policyId,
    date,
  });
}

/** Issue 26: the refund shown before confirming; after cancelling, the notice offered and not the ID card; statements and miles kept. */
describe("Cancellation's paper on My account", () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('states the refund for the chosen day before confirming; after the last day: the notice, no ID card, statements and miles still there', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const tag = locale.toLowerCase();
      const { page, problems, policyId } = await customerWithPolicyInBrowser(env.browser, env.app.url, `cancel-paper-${tag}@example.com`, purchase);
      const today = dayFromToday(0);
      const start = addDays(today, -10);
      await backdatePolicy(env.app, policyId, start, { termDays: 180 });
      await driveOneTrip(page, policyId, addDays(today, -4), 42);

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.billing }).waitFor();
      await page
        .getByRole('button', { name: new RegExp(text.cancel) })
        .first()
        .click();
      const dialog = page.getByRole('dialog');
      const lastDay = addDays(today, 2);
      await dialog.getByLabel(text.date).fill(lastDay);
      const quote = await quoteOf(page, policyId, lastDay);
      expect(quote.totalCents).toBeLessThan(0);
      // Before confirming, the dialog says the refund for that day: the server's own figure.
      await dialog.getByTestId('cancel-quote-total').getByText(formatCents(-quote.totalCents, locale), { exact: true }).waitFor();
      await dialog.getByText(text.refund).waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshotOf(dialog, `cancel-dialog-${tag}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotOf(dialog, `cancel-dialog-phone-${tag}`);
      await page.setViewportSize({ width: 1280, height: 900 });

      await dialog.getByRole('button', { name: text.cancel, exact: true }).click();
      await dialog.waitFor({ state: 'detached' });
      // Cancelled, still covered to the end of the chosen day: the ID card stays, the notice joins it.
      await page.getByRole('link', { name: new RegExp(text.notice) }).waitFor();
      expect(await page.getByRole('link', { name: new RegExp(text.idCard) }).count()).toBe(1);

      // Later: the last day five days back, its final statement made by the billing run (refunded).
      const ended = addDays(today, -5);
      await backdatePolicy(env.app, policyId, addDays(today, -20), { term_end_date: addDays(today, 160), cancellation_date: ended });
      await env.app.app.get(BillingService).run({});
      const [final] = await queryRows<{ status: string }>(env.app, `SELECT status FROM statements WHERE policy_id = $1 AND period_end = $2`, [policyId, ended]);
      expect(final.status).toBe('refunded');
      await page.reload();
      await page.getByRole('heading', { name: text.billing }).waitFor();
      await page.getByRole('link', { name: new RegExp(text.notice) }).waitFor();
      expect(await page.getByRole('link', { name: new RegExp(text.idCard) }).count()).toBe(0);
      await page.getByRole('heading', { name: text.statements }).waitFor();
      await page.getByRole('heading', { name: text.miles }).waitFor();
      // The credit is a figure of its own, not folded away in the bill's lines.
      await page.getByTestId('credit-figure').waitFor();
      expect(await page.getByTestId('bill-lines').getAttribute('open')).not.toBeNull();

      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `cancelled-account-${tag}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await screenshot(page, `cancelled-account-phone-${tag}`);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
