import { RenewalService } from '../../src/modules/policy/renewal/renewal.service';
import { addDays } from '../../src/shared/dates/iso-day';
import { formatDay } from '../../src/shared/format/money';
import { LOCALES, type Locale } from '../../src/shared/locale';
import { backdatePolicy } from '../support/backdate-policy';
import { customerWithPolicyInBrowser } from '../support/browser-policy';
import { screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS } from '../support/browser-sign-in';
import { browserTestEnvironment } from '../support/chromium';
import { localeText } from '../support/locale-texts';
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
  });
});
