import { stateDay } from '../../src/shared/dates/state-day';
import { focusedInvalidField, focusedOn } from '../support/browser-focus';
import { fillCard, PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems, sign, type PurchaseTexts } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { signInByCookie, signInThroughMailbox } from '../support/browser-sign-in';
import { DANA } from '../support/browser-staff';
import { browserTestEnvironment, openWatchedPage, type WatchedPage } from '../support/chromium';
import type { createSignedInCookie } from '../support/session-fixtures';
import type { BrowserContextOptions, Page, Request } from 'playwright-core';

const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The purchase attempts the page sent: each POST /api/policies with its Idempotency-Key. */
function watchPurchases(page: Page): Request[] {
  const sent: Request[] = [];
  page.on('request', (req) => {
    if (req.method() === 'POST' && new URL(req.url()).pathname === '/api/policies') sent.push(req);
  });
  return sent;
}

/** The amount due today as the page shows it ("$44.46"). */
async function dueToday(page: Page): Promise<string> {
  return (await page.getByTestId('due-today').locator('.due-today__amount').textContent())!.trim();
}

/** A PDF link's answer, fetched with the page's cookies: type and first bytes. */
async function pdfAt(page: Page, href: string): Promise<{ type: string; head: string }> {
  const answer = await page.request.get(new URL(href, page.url()).toString());
  expect(answer.status()).toBe(200);
  return { type: answer.headers()['content-type'], head: (await answer.body()).subarray(0, 5).toString('latin1') };
}

async function payWithCard(page: Page, text: PurchaseTexts, card: string): Promise<void> {
  await fillCard(page, text, card);
  await page.getByRole('button', { name: text.pay(await dueToday(page)) }).click();
}

/** The words the keyboard test needs beyond PURCHASE_TEXTS: the application's step and the cancel dialog's. */
const KEY_TEXTS = {
  'en-US': { continue: 'Continue', street: 'Street address', required: 'Fill this in to go on.', keep: 'Keep my policy', dateProblem: /^Choose a day from/ },
  es: {
    continue: 'Continuar',
    street: 'Calle y número',
    required: 'Completa este dato para seguir.',
    keep: 'Conservar mi póliza',
    dateProblem: /^Elige un día/,
  },
};

// Problems a page may log that are not ours: the browser reports the 402 of a declined card.
const expectedNoise = (problem: string) => /Failed to load resource/.test(problem);

describe('Buying a policy in the browser', () => {
  jest.setTimeout(180_000);
  // One app for both locales. Signing in is not what these cases test (sign-in.browser-spec walks
  // the mailbox in each locale): each opens a browser already signed in, on a page in its locale,
  // except the customer an agent sold to, who signs in through the mailbox holding the sale's mail.
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(PURCHASE_TEXTS))('in %s', (locale, text) => {
    const base = () => `${env.app.url}${text.prefix}`;
    const tag = locale.toLowerCase();

    /** A browser of its own signed in as `user`, on a page of the site in this locale. */
    async function signedIn(user: Parameters<typeof createSignedInCookie>[1], options: BrowserContextOptions = {}): Promise<WatchedPage> {
      const watched = await openWatchedPage(env.browser, options);
      await signInByCookie(watched.page, env.app, user, `${text.prefix}/about-us`);
      return watched;
    }

    it('takes a customer from payment with 4242 to the policy bought, with its number and a PDF ID card', async () => {
      const { page, problems } = await signedIn({ email: `buyer-${tag}@example.com` });
      const purchases = watchPurchases(page);
      await prepareQuote(page, 'payment');
      await page.goto(`${base()}/quote/payment`);
      await page.getByRole('heading', { name: text.payment, level: 1 }).waitFor();
      const amount = await dueToday(page);
      expect(amount).toMatch(/^\$\d+\.\d{2}$/);
      // The amount due today is the policy's monthly base rate from the price panel.
      expect((await page.getByTestId('policy-base-rate').textContent())?.trim()).toBe(amount);
      // The start date defaults to today in the quote's state (Arizona), within today…today+30.
      const startDate = page.getByLabel(text.startDate, { exact: true });
      expect(await startDate.inputValue()).toBe(await startDate.getAttribute('min'));
      expect(await startDate.inputValue()).toBe(stateDay(new Date(), 'AZ'));
      expect(await page.getByRole('link', { name: text.terms }).getAttribute('target')).toBe('_blank');
      await screenshot(page, `purchase-${tag}-1-payment`);

      // Without the agreement and the signature nothing is sent, and each says what it needs.
      await fillCard(page, text, '4242 4242 4242 4242');
      await page.getByRole('button', { name: text.pay(amount) }).click();
      await page.getByText(text.agreeRequired).waitFor();
      await page.getByText(text.nameRequired).waitFor();
      expect(purchases).toHaveLength(0);
      await screenshot(page, `purchase-${tag}-2-unsigned`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      await sign(page, text, 'Ana García');
      await page.getByText(text.signed).waitFor();
      await screenshot(page, `purchase-${tag}-3-signed`);
      await page.getByRole('button', { name: text.pay(amount) }).click();
      await page.waitForURL(new RegExp(`${text.prefix}/quote/purchased\\?policy=[0-9a-f-]{36}$`));
      expect(purchases).toHaveLength(1);
      expect(purchases[0].headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      const body = JSON.parse(purchases[0].postData()!);
      expect(body).toEqual({
        quoteId: expect.any(String),
        paymentToken: expect.stringMatching(/^tok_sandbox_/),
        startDate: expect.any(String),
        agreeToTerms: true,
        signatureName: 'Ana García',
      });

      await page.getByRole('heading', { name: text.covered, level: 1 }).waitFor();
      const number = (await page.getByTestId('policy-number').textContent())!.trim();
      expect(number).toMatch(/\w+-\d+/);
      await page.getByText(text.active, { exact: true }).waitFor();
      await page.getByRole('heading', { name: text.next }).waitFor();
      await screenshot(page, `purchase-${tag}-4-purchased`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      // The ID card: a plain download link, in the page's language, answered as a PDF.
      const idCard = page.getByRole('link', { name: new RegExp(text.idCard) });
      const href = (await idCard.getAttribute('href'))!;
      expect(href).toContain(`locale=${locale}`);
      expect(await idCard.getAttribute('download')).not.toBeNull();
      expect(await pdfAt(page, href)).toEqual({ type: 'application/pdf', head: '%PDF-' });
      const download = page.waitForEvent('download');
      await idCard.click();
      expect((await download).suggestedFilename()).toMatch(/\.pdf$/);
      const declarations = (await page.getByRole('link', { name: new RegExp(text.declarations) }).getAttribute('href'))!;
      expect(await pdfAt(page, declarations)).toEqual({ type: 'application/pdf', head: '%PDF-' });

      // Without ?policy= the page shows the newest.
      await page.goto(`${base()}/quote/purchased`);
      await page.getByTestId('policy-number').filter({ hasText: number }).waitFor();
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();
    });

    it('says a card was declined, then buys with another card under a new Idempotency-Key', async () => {
      const { page, problems } = await signedIn({ email: `declined-${tag}@example.com` });
      const purchases = watchPurchases(page);
      await prepareQuote(page, 'payment');
      await page.goto(`${base()}/quote/payment`);
      await sign(page, text, 'Luis Ortega');
      await payWithCard(page, text, '4000 0000 0000 0002');
      const alert = page.getByRole('alert').filter({ hasText: text.declined });
      await alert.waitFor();
      // The card form is empty again for another card; the signature stays.
      expect(await page.getByLabel(text.card.number, { exact: true }).inputValue()).toBe('');
      expect(await page.getByLabel(text.signature, { exact: true }).inputValue()).toBe('Luis Ortega');
      await screenshot(page, `purchase-${tag}-5-declined`);

      await payWithCard(page, text, '4000 0000 0000 9995');
      await page.getByRole('alert').filter({ hasText: text.insufficient }).waitFor();

      await payWithCard(page, text, '4242 4242 4242 4242');
      await page.waitForURL(/\/quote\/purchased\?policy=/);
      await page.getByTestId('policy-number').waitFor();
      const keys = purchases.map((req) => req.headers()['idempotency-key']);
      expect(keys).toHaveLength(3);
      expect(new Set(keys).size).toBe(3);
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();
    });

    it('sends one attempt for a double click, and after lost answers finishes it with the same key, even after a reload, paying once', async () => {
      const { page, problems } = await signedIn({ email: `lost-answer-${tag}@example.com` });
      const purchases = watchPurchases(page);
      await prepareQuote(page, 'payment');
      await page.goto(`${base()}/quote/payment`);
      await sign(page, text, 'Ana García');
      await fillCard(page, text, '4242 4242 4242 4242');
      // First the gateway cannot be reached (503: nothing known); then the server buys, but its
      // answer never reaches the page (the connection drops).
      let calls = 0;
      await page.route('**/api/policies', async (route) => {
        if (route.request().method() !== 'POST') return route.fallback();
        calls += 1;
        if (calls === 1) {
          return route.fulfill({
            status: 503,
            json: { success: false, error: { code: 'PAYMENT_GATEWAY_UNAVAILABLE', message: 'The payment service did not answer.' } },
          });
        }
        if (calls === 2) {
          await route.fetch();
          return route.abort('connectionreset');
        }
        return route.fallback();
      });
      await page.getByRole('button', { name: text.pay(await dueToday(page)) }).dblclick();
      await page.getByText(text.unfinished).waitFor();
      expect(purchases).toHaveLength(1);
      await screenshot(page, `purchase-${tag}-12-unanswered`);

      await page.getByRole('button', { name: text.resume }).click();
      await page.waitForFunction(() => document.querySelector('[aria-busy="true"]') === null);
      await page.getByText(text.unfinished).waitFor();
      expect(purchases).toHaveLength(2);

      // Reloaded, the quote is bought: the page asks again with the same key and shows the policy.
      await page.reload();
      await page.waitForURL(/\/quote\/purchased\?policy=/);
      await page.getByTestId('policy-number').waitFor();
      expect(purchases).toHaveLength(3);
      expect(new Set(purchases.map((req) => req.headers()['idempotency-key'])).size).toBe(1);
      expect(new Set(purchases.map((req) => req.postData())).size).toBe(1);
      const policies = await page.evaluate(async () => (await (await fetch('/api/policies')).json()).payload.length);
      expect(policies).toBe(1);
      expect(problems.filter((p) => !expectedNoise(p) && !/ERR_CONNECTION_RESET|\[policy\]/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('sends the customer back to the coverage, saying why, when the price changed before paying', async () => {
      const { page, problems } = await signedIn({ email: `price-changed-${tag}@example.com` });
      await prepareQuote(page, 'payment');
      await page.goto(`${base()}/quote/payment`);
      await sign(page, text, 'Ana García');
      // The server's answer when the rate table changed after the coverage was confirmed.
      await page.route('**/api/policies', (route) =>
        route.request().method() === 'POST'
          ? route.fulfill({
              status: 409,
              json: { success: false, error: { code: 'PRICE_CHANGED', message: 'The price changed.', extra: { baseRateCents: 6000 } } },
            })
          : route.fallback(),
      );
      await payWithCard(page, text, '4242 4242 4242 4242');
      await page.waitForURL(new RegExp(`${text.prefix}/quote/coverage$`));
      await page.getByRole('heading', { name: text.coverageTitle, level: 1 }).waitFor();
      await page.getByRole('alert').filter({ hasText: text.priceChanged }).waitFor();
      await screenshot(page, `purchase-${tag}-13-price-changed`);
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();
    });

    it('lets an agent buy for a new customer (banner on every page with a header), and the customer sign on the profile, then cancel', async () => {
      const agent = await signedIn(DANA);
      const customer = `bought-by-agent-${tag}-${Date.now()}@example.com`;
      await agent.page.goto(`${base()}/agent`);
      await agent.page.getByLabel(text.customerEmail).fill(customer);
      await agent.page.getByRole('button', { name: text.startPurchase }).click();
      const banner = text.agentBanner(customer);
      const bannerShown = () => agent.page.waitForFunction(([wanted]) => document.querySelector('.staff-banner')?.textContent === wanted, [banner]);
      await bannerShown();
      // Acting for a customer, the agent's own sales are not shown.
      expect(await agent.page.getByRole('heading', { name: text.sold }).count()).toBe(0);

      await prepareQuote(agent.page, 'payment');
      await agent.page.goto(`${base()}/quote/payment`);
      await agent.page.getByText(text.staffNote(customer)).waitFor();
      // The signature is the customer's to give: the agent sees neither the box nor the name.
      expect(await agent.page.getByLabel(text.signature, { exact: true }).count()).toBe(0);
      expect(await agent.page.getByRole('checkbox').count()).toBe(0);
      await screenshot(agent.page, `purchase-${tag}-6-agent-payment`);
      const purchases = watchPurchases(agent.page);
      await fillCard(agent.page, text, '4242 4242 4242 4242');
      await agent.page.getByRole('button', { name: text.staffSubmit }).click();
      await agent.page.waitForURL(/\/quote\/purchased\?policy=/);
      expect(JSON.parse(purchases[0].postData()!)).toEqual({
        quoteId: expect.any(String),
        paymentToken: expect.stringMatching(/^tok_sandbox_/),
        startDate: expect.any(String),
      });
      await agent.page.getByRole('heading', { name: text.pendingTitle, level: 1 }).waitFor();
      await agent.page.getByText(text.pendingStaff, { exact: true }).waitFor();
      const policyId = new URL(agent.page.url()).searchParams.get('policy')!;
      const number = (await agent.page.getByTestId('policy-number').textContent())!.trim();
      // No ID card before the customer signs.
      expect(await agent.page.getByRole('link', { name: new RegExp(text.idCard) }).count()).toBe(0);
      await bannerShown();
      await screenshot(agent.page, `purchase-${tag}-7-agent-purchased`);
      await agent.page.goto(`${base()}/profile`);
      await bannerShown();
      await agent.page.getByText(text.pendingStaff, { exact: true }).waitFor();
      expect(await agent.page.getByRole('button', { name: text.signAndPay('$') }).count()).toBe(0);

      // Stopped, the agent sees the sale waiting for the customer's signature.
      await agent.page.goto(`${base()}/agent`);
      await agent.page.getByRole('button', { name: text.stop }).click();
      const sale = agent.page.getByRole('row').filter({ hasText: customer });
      await sale.waitFor();
      expect(await sale.textContent()).toContain(number);
      expect(await sale.textContent()).toContain(text.pendingStaff);
      await screenshot(agent.page, `purchase-${tag}-8-agent-sales`);
      expect(await seriousA11yProblems(agent.page)).toEqual([]);

      // The customer follows the e-mail's link to their profile, signs and pays.
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, customer, text);
      await page.goto(`${base()}/profile?confirm=${policyId}`);
      const review = page.getByRole('region', { name: text.review });
      await review.waitFor();
      await page.waitForFunction((id) => document.activeElement?.id === `confirm-${id}`, policyId);
      const signButton = review.getByRole('button', { name: /\$\d/ });
      await signButton.click();
      await review.getByText(text.agreeRequired).waitFor();
      await sign(page, text, 'Rosa Díaz');
      await screenshot(page, `purchase-${tag}-9-review-and-sign`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      const confirm = page.waitForRequest((req) => req.url().endsWith(`/api/policies/${policyId}/confirm`));
      await signButton.click();
      expect((await confirm).headers()['idempotency-key']).toMatch(/^[0-9a-f-]{36}$/);
      await page.getByText(text.signedNews(number)).waitFor();
      await page.getByText(text.active, { exact: true }).waitFor();
      await page.getByRole('link', { name: new RegExp(text.idCard) }).waitFor();

      // Cancel: a dialog with the last day (today by default) and no fee, then the policy cancelled.
      await page.getByRole('button', { name: text.cancelPolicy(number) }).click();
      const dialog = page.getByRole('dialog', { name: text.cancelTitle(number) });
      await dialog.waitFor();
      await dialog.getByText(text.noFee).waitFor();
      const lastDay = dialog.getByLabel(text.lastDay, { exact: true });
      expect(await lastDay.inputValue()).toBe(await lastDay.getAttribute('min'));
      expect(await lastDay.inputValue()).toBe(stateDay(new Date(), 'AZ'));
      await screenshot(page, `purchase-${tag}-10-cancel-dialog`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await dialog.getByRole('button', { name: text.confirmCancel, exact: true }).click();
      await page.getByText(text.cancelledNews(number)).waitFor();
      await page.getByText(text.cancelled, { exact: true }).waitFor();
      expect(await page.getByRole('button', { name: text.cancelPolicy(number) }).count()).toBe(0);
      await screenshot(page, `purchase-${tag}-11-cancelled`);

      // The account: the name saved.
      await page.getByLabel(text.accountName, { exact: true }).fill('Rosa Díaz');
      await page.getByRole('button', { name: text.saveAccount }).click();
      await page.getByText(text.accountSaved).waitFor();
      await page.reload();
      await page.getByLabel(text.accountName, { exact: true }).and(page.locator('[value="Rosa Díaz"]')).waitFor();

      expect(agent.problems.filter((p) => !expectedNoise(p))).toEqual([]);
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await agent.page.context().close();
      await page.context().close();
    });

    // One purchase for both: the phone's payment is made with the keyboard (each case signs in and buys).
    it('works on a phone (390×844) with the keyboard alone: a refused section or cancel date focuses the field that says why, a purchase the policy, a closed dialog its button', async () => {
      const keys = KEY_TEXTS[locale as keyof typeof KEY_TEXTS];
      const { page, problems } = await signedIn({ email: `phone-${tag}@example.com` }, PHONE);
      await prepareQuote(page, 'application');
      await page.goto(`${base()}/quote/application`);
      await page.getByRole('button', { name: keys.continue, exact: true }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedInvalidField(page)).toMatchObject({ tag: 'input', label: keys.street, invalid: true, describedBy: keys.required });

      await prepareQuote(page, 'payment');
      await page.goto(`${base()}/quote/payment`);
      await page.getByRole('heading', { name: text.payment, level: 1 }).waitFor();
      await fillCard(page, text, '4242 4242 4242 4242');
      await sign(page, text, 'Ana García');
      // Nothing wider than the screen.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `purchase-${tag}-phone-1-payment`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await page.getByRole('button', { name: text.pay(await dueToday(page)) }).focus();
      await page.keyboard.press('Enter');
      await page.waitForURL(/\/quote\/purchased\?policy=/);
      expect(await focusedOn(page, 'h1')).toMatchObject({ text: text.covered });
      await screenshotOf(page, `purchased-heading-focus-${tag}`);
      const number = (await page.getByTestId('policy-number').textContent())!.trim();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `purchase-${tag}-phone-2-purchased`);

      await page.goto(`${base()}/profile`);
      await page.getByRole('heading', { name: text.profilePolicies }).waitFor();
      await page.getByTestId('policy-number').waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
      await screenshot(page, `purchase-${tag}-phone-3-profile`);
      expect(await seriousA11yProblems(page)).toEqual([]);
      const cancel = page.getByRole('button', { name: text.cancelPolicy(number) });
      await cancel.focus();
      await page.keyboard.press('Enter');
      const dialog = page.getByRole('dialog', { name: text.cancelTitle(number) });
      await dialog.getByLabel(text.lastDay, { exact: true }).fill('2000-01-01');
      await dialog.getByRole('button', { name: text.confirmCancel, exact: true }).focus();
      await page.keyboard.press('Enter');
      const date = await focusedInvalidField(page);
      expect(date).toMatchObject({ label: text.lastDay, invalid: true });
      expect(date.describedBy).toMatch(keys.dateProblem);
      // Escape closes the dialog: back on the button that opened it.
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      await focusedOn(page, '.policy-card__cancel');
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: keys.keep }).focus();
      await page.keyboard.press('Enter');
      await focusedOn(page, '.policy-card__cancel');
      // Cancelled, the button is gone: the policy's heading has the focus, the news under it.
      await page.keyboard.press('Enter');
      await dialog.getByRole('button', { name: text.confirmCancel, exact: true }).focus();
      await page.keyboard.press('Enter');
      expect((await focusedOn(page, '.policy-card__title')).text).toContain(number);
      await screenshotOf(page.locator('.policy-card').first(), `cancelled-heading-focus-${tag}`);
      await page.getByText(text.cancelledNews(number)).waitFor();
      expect(problems.filter((p) => !expectedNoise(p))).toEqual([]);
      await page.context().close();
    });
  });
});
