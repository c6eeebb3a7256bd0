import fs from 'node:fs';
import { PaymentGateway } from '../../src/modules/payments/payment-gateway';
import { PaymentsService } from '../../src/modules/payments/payments.service';
import { SandboxGateway } from '../../src/modules/payments/sandbox/sandbox-gateway';
import { formatCents } from '../../src/shared/format/money';
import { accessibleNames } from '../support/accessible-names';
import { buyThroughApi, policiesOf } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows, sandboxCard, TEST_CARDS } from '../support/payment-fixtures';
import { pdfText } from '../support/pdf-text';
import { dayFromToday } from '../support/quote-fixtures';
import type { Page } from 'playwright-core';

/** What the profile's payment history and saved quote say, in each locale (the locale files' words). */
const TEXTS = {
  'en-US': {
    history: 'Payment history',
    firstPayment: 'First payment',
    refund: 'Refund of a first payment',
    refunded: 'Refunded',
    paid: 'Paid',
    failed: 'Failed',
    card: (last4: string) => `Visa ending in ${last4}`,
    declined: 'Your bank declined the card. Nothing was charged.',
    receipt: (amount: string) => new RegExp(`^Receipt for First payment, ${amount.replace('$', '\\$')} on .+ \\(PDF\\)$`),
    receiptTitle: 'Payment receipt',
    receiptCard: 'Visa ending in 4242',
    receiptFile: /^meterly-receipt-P-[0-9A-F]{8}\.pdf$/,
    savedQuote: 'Your saved quote',
    nextStep: 'Your application: address, drivers and cars',
    continue: 'Continue your quote',
    application: 'Your application',
  },
  es: {
    history: 'Historial de pagos',
    firstPayment: 'Primer pago',
    refund: 'Reembolso de un primer pago',
    refunded: 'Reembolsado',
    paid: 'Pagado',
    failed: 'Fallido',
    card: (last4: string) => `Visa terminada en ${last4}`,
    declined: 'Tu banco rechazó la tarjeta. No se cobró nada.',
    receipt: (amount: string) => new RegExp(`^Recibo de Primer pago, ${amount.replace('$', '\\$')} el .+ \\(PDF\\)$`),
    receiptTitle: 'Recibo de pago',
    receiptCard: 'Visa terminada en 4242',
    receiptFile: /^meterly-recibo-P-[0-9A-F]{8}\.pdf$/,
    savedQuote: 'Tu cotización guardada',
    nextStep: 'Tu solicitud: dirección, conductores y autos',
    continue: 'Continuar tu cotización',
    application: 'Tu solicitud',
  },
};

/** A purchase attempt with a card the bank declines, as the payment page makes it: a failed attempt in the history. */
async function declinedAttempt(page: Page, quoteId: string, number: string): Promise<number> {
  return page.evaluate(
    async ({ quoteId, number, startDate }) => {
      const post = (path: string, body: object, headers: Record<string, string> = {}) =>
        fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
      const card = { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };
      const { payload } = await (await post('/api/payments/sandbox/tokens', card)).json();
      const res = await post(
        '/api/policies',
        { quoteId, paymentToken: payload.token, startDate, agreeToTerms: true, signatureName: 'Ana García' },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      return res.status;
    },
    { quoteId, number, startDate: dayFromToday(0) },
  );
}

describe('Payment history and the saved quote on the profile (issue 16)', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('lists the payments and the declined attempt, opens a receipt, and continues the saved quote where it stopped', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      await signInThroughMailbox(page, env.app.url, `history-${locale.toLowerCase()}@example.com`, purchase);
      const bought = await prepareQuote(page, 'payment');
      expect(await declinedAttempt(page, bought, TEST_CARDS.declined)).toBe(402);
      await buyThroughApi(page, bought);
      // A second policy, bought alike: its documents and its first payment's receipt differ only by the policy.
      await buyThroughApi(page, await prepareQuote(page, 'payment'));
      const [, first] = await policiesOf(page);
      // A payment that bought nothing, given back whole (as after a price change).
      const [{ id: userId }] = await queryRows<{ id: string }>(env.app, 'SELECT id FROM users WHERE lower(email) = lower($1)', [
        `history-${locale.toLowerCase()}@example.com`,
      ]);
      const payments = env.app.app.get(PaymentsService);
      const stray = await payments.chargeCard({
        idempotencyKey: `test:${crypto.randomUUID()}`,
        userId,
        amountCents: 5_000,
        description: 'Meterly policy, first month',
        purpose: 'policy-purchase',
        reference: bought,
        token: (await env.app.app.get<PaymentGateway, SandboxGateway>(PaymentGateway).tokenize(sandboxCard())).id,
      });
      await payments.refundUnused(stray.charge.id, 'test');
      // A second quote, left after its first page: the saved quote.
      await prepareQuote(page, 'application');

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      const history = page.getByRole('region', { name: text.history });
      const paid = history.getByRole('listitem').filter({ hasText: text.paid }).filter({ hasText: first.number });
      await paid.waitFor();
      // Issue 29: every receipt and every document link names which payment or policy it is, as a screen reader lists links.
      await history.getByRole('listitem').filter({ hasText: text.paid }).nth(1).waitFor();
      const receipts = await accessibleNames(history, 'link');
      expect(receipts.length).toBeGreaterThanOrEqual(3);
      expect(new Set(receipts).size).toBe(receipts.length);
      const documents = (await Promise.all((await page.locator('ul.documents').all()).map((list) => accessibleNames(list, 'link')))).flat();
      expect(documents.length).toBeGreaterThanOrEqual(2);
      expect(new Set(documents).size).toBe(documents.length);
      await paid.getByText(text.card('4242')).waitFor();
      await paid.getByText(text.firstPayment).waitFor();
      const failed = history.getByRole('listitem').filter({ hasText: text.failed });
      await failed.getByText(text.declined).waitFor();
      await failed.getByText(text.card('0002')).waitFor();
      expect(await failed.getByRole('link').count()).toBe(0);
      const refund = history.getByRole('listitem').filter({ hasText: text.refunded });
      await refund.getByText(text.refund).waitFor();
      await refund.getByText(`+${formatCents(5_000, locale)}`).waitFor();
      expect(await refund.getByRole('link').count()).toBe(1);

      // The receipt: a PDF download in the page's language.
      const [{ amountCents }] = await page.evaluate(
        (number) =>
          fetch('/api/payment-history')
            .then((res) => res.json())
            .then((body) =>
              (body.payload.entries as { kind: string; policyNumber: string | null; amountCents: number }[]).filter(
                (e) => e.kind === 'charge' && e.policyNumber === number,
              ),
            ),
        first.number,
      );
      const link = paid.getByRole('link', { name: text.receipt(formatCents(amountCents, locale)) });
      const [download] = await Promise.all([page.waitForEvent('download'), link.click()]);
      expect(download.suggestedFilename()).toMatch(text.receiptFile);
      const receipt = await pdfText(fs.readFileSync(await download.path()));
      expect(receipt).toContain(text.receiptTitle);
      expect(receipt).toContain(text.receiptCard);
      expect(receipt).toContain(formatCents(amountCents, locale));

      // The saved quote says where it stopped.
      const saved = page.getByRole('region', { name: text.savedQuote });
      await saved.getByText(text.nextStep).waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `payment-history-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `payment-history-phone-${locale.toLowerCase()}`);

      // Continue: to that step's page, in the same language.
      await saved.getByRole('link', { name: text.continue }).click();
      await page.waitForURL(`${env.app.url}${purchase.prefix}/quote/application`);
      await page.getByRole('heading', { name: text.application, level: 1 }).waitFor();
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
