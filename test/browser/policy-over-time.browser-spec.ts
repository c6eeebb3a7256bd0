import { BillingService } from '../../src/modules/billing/billing.service';
import { PolicyRecords } from '../../src/modules/policy';
import { RenewalService } from '../../src/modules/policy/renewal/renewal.service';
import { addDays } from '../../src/shared/dates/iso-day';
import { formatDay } from '../../src/shared/format/money';
import { LOCALES, type Locale } from '../../src/shared/locale';
import { backdatePolicy } from '../support/backdate-policy';
import { customerWithPolicyInBrowser, saveCard } from '../support/browser-policy';
import { screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS } from '../support/browser-sign-in';
import { browserTestEnvironment } from '../support/chromium';
import { localeText } from '../support/locale-texts';
import { queryRows, TEST_CARDS } from '../support/payment-fixtures';
import { dayFromToday } from '../support/quote-fixtures';
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** A change priced and confirmed as the page's session does it: the page's own API calls. */
function bookChange(page: Page, policyId: string, change: object): Promise<void> {
  return page.evaluate(
    async ({ policyId, change }) => {
      const post = async (path: string, body: object) => {
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()).payload;
      };
      const priced = await post(`/api/policies/${policyId}/changes`, change);
      await post(`/api/policies/${policyId}/changes/${priced.id}/confirm`, {});
    },
    { policyId, change },
  );
}

/**
 * Issue 26, on My account: a change booked for a later day is marked as coming (the policy shows
 * what it is today), the renewal offered on the state's notice day names its day and price, and
 * "Don't renew" asks a second time before it withdraws it, then says when cover ends.
 */
describe('A policy over time on My account (issue 26)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();

  /** The first statement declined at its first charge and at each of its three retries: the notice stands. */
  const declinedAtEveryTry = async (policyId: string) => {
    for (let attempt = 0; attempt < 4; attempt++) {
      await queryRows(env.app, `UPDATE statements SET next_attempt_at = now() - interval '1 minute' WHERE policy_id = $1 AND status = 'failed'`, [policyId]);
      await env.app.app.get(BillingService).run({});
    }
  };

  describe.each(LOCALES)('in %s', (locale: Locale) => {
    const prefix = LOGIN_TEXTS[locale].prefix;
    const text = (key: string) => localeText(locale, key);

    it('marks a change booked for later as coming, shows the renewal offered, and declines it after a second yes', async () => {
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `over-time-${locale.toLowerCase()}@example.com`,
        LOGIN_TEXTS[locale],
      );
      const termEnd = dayFromToday(10);
      await backdatePolicy(env.app, policyId, 20, { term_end_date: termEnd });
      const later = dayFromToday(3);
      await bookChange(page, policyId, { kind: 'address', effectiveDate: later, address: { line1: '1 N Central Ave', city: 'Phoenix', zip: '85004' } });
      await env.app.app.get(RenewalService).run();

      await page.setViewportSize(DESKTOP);
      await page.goto(`${env.app.url}${prefix}/profile`);
      const offer = page.getByTestId('renewal-offer');
      await offer.waitFor();
      expect(await offer.textContent()).toContain(formatDay(termEnd, locale));
      // The address change is booked, not yet in force: its line in the history says it is coming.
      const coming = page.locator('.change-history li[data-status="applied"]', { hasText: text('policy-changes:history.coming') });
      await coming.waitFor();
      expect(await coming.textContent()).toContain(formatDay(later, locale));
      // The bill so far says the policy changes on that day, not that it changed.
      const [changesOn] = text('period-bill:changesLater').split('{{dates}}');
      expect(await page.getByTestId('bill-lines').textContent()).toContain(`${changesOn}${formatDay(later, locale)}`);
      await screenshot(page, `policy-over-time-${locale}-desktop`);
      await page.setViewportSize(PHONE);
      await screenshotOf(page.locator('.policy-card').first(), `policy-over-time-${locale}-phone`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      await page.getByRole('button', { name: text('profile:renewal.decline'), exact: true }).click();
      // A second "yes" first: "Keep my renewal" takes it back.
      await page.getByRole('button', { name: text('profile:renewal.keep') }).click();
      await page.getByRole('button', { name: text('profile:renewal.decline'), exact: true }).click();
      await page.getByRole('button', { name: text('profile:renewal.confirmYes') }).click();
      const ends = page.getByTestId('renewal-ends');
      await ends.waitFor();
      expect(await ends.textContent()).toContain(formatDay(addDays(termEnd, -1), locale));
      expect(await offer.count()).toBe(0);
      await screenshotOf(page.locator('.policy-card').first(), `policy-over-time-declined-${locale}-phone`);
      expect(problems).toEqual([]);
      await page.close();
    });

    it('shows a notice of cancellation for non-payment with its day, and "Pay now" keeps the policy', async () => {
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `non-payment-${locale.toLowerCase()}@example.com`,
        LOGIN_TEXTS[locale],
      );
      await backdatePolicy(env.app, policyId, 40);
      await saveCard(page, TEST_CARDS.insufficientFunds);
      await declinedAtEveryTry(policyId);
      await page.setViewportSize(PHONE);
      await page.goto(`${env.app.url}${prefix}/profile`);
      const notice = page.getByTestId('non-payment-notice');
      await notice.waitFor();
      expect(await notice.textContent()).toContain(formatDay(dayFromToday(10), locale));
      await screenshotOf(page.locator('.policy-card').first(), `non-payment-${locale}-phone`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      await saveCard(page, TEST_CARDS.approves);
      await page.getByRole('button', { name: text('profile:nonPayment.pay') }).click();
      await page.getByText(text('profile:nonPayment.paid')).waitFor();
      await notice.waitFor({ state: 'detached' });
      expect(problems).toEqual([]);
      await page.close();
    });

    it('offers reinstatement after a cancellation for non-payment: the statement asked for, a declined card said, then covered again with the lapse shown', async () => {
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `reinstates-${locale.toLowerCase()}@example.com`,
        LOGIN_TEXTS[locale],
      );
      await backdatePolicy(env.app, policyId, 40);
      await saveCard(page, TEST_CARDS.insufficientFunds);
      await declinedAtEveryTry(policyId);
      // The notice's day is today: cancelled for non-payment, covered to the end of yesterday.
      await env.app.app.get(PolicyRecords).cancelForNonPayment(policyId, dayFromToday(0));

      await page.setViewportSize(PHONE);
      await page.goto(`${env.app.url}${prefix}/profile`);
      const offer = page.getByTestId('reinstatement-offer');
      await offer.waitFor();
      expect(await offer.textContent()).toContain(formatDay(addDays(dayFromToday(-1), 14), locale));
      const reinstate = page.locator('.reinstatement').getByRole('button');
      await reinstate.click();
      await page.getByText(text('profile:reinstatement.statementMissing')).waitFor();
      await page.getByRole('checkbox', { name: text('profile:reinstatement.statement').split('{{from}}')[0].trim() }).check();
      await reinstate.click();
      await page.getByText(text('profile:reinstatement.declined')).waitFor();
      await screenshotOf(page.locator('.policy-card').first(), `reinstatement-offer-${locale}-phone`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      await saveCard(page, TEST_CARDS.approves);
      await reinstate.click();
      await page.getByText(text('profile:reinstatement.done')).waitFor();
      await page.getByTestId('cover-gap').waitFor();
      await offer.waitFor({ state: 'detached' });
      await screenshotOf(page.locator('.policy-card').first(), `reinstated-${locale}-phone`);
      // The declined card's 402, logged by the browser itself: the page explains it.
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.close();
    });
  });
});
