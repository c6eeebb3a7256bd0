import { localizePath } from '../../src/shared/locale';
import { buyThroughApi } from '../support/browser-policy';
import { screenshotOf } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import { createSignedInCookie } from '../support/session-fixtures';

const TEXTS = {
  'en-US': { soldByYou: 'Policies you sold', soldByStaff: 'All policies sold by staff', day: 'November 26, 2026' },
  es: { soldByYou: 'Pólizas que vendiste', soldByStaff: 'Todas las pólizas vendidas por el personal', day: '26 de noviembre de 2026' },
};

/** Issue 26: staff lists dated an Arizona evening sale by UTC ("November 27"); it is the sale's day in Arizona. */
describe("A staff list dates a sale in its policy's state's day", () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('shows a sale made at 8:34 pm in Phoenix on that day, for the admin and for the agent who sold it', async () => {
      const buyer = await openWatchedPage(env.browser);
      const customer = `sale-day-${locale.toLowerCase()}@example.com`;
      const cookie = await createSignedInCookie(env.app.databaseUrl, { email: customer });
      await buyer.page.context().addCookies([{ ...cookie, url: env.app.url }]);
      await buyer.page.goto(`${env.app.url}/about-us`);
      await buyThroughApi(buyer.page, await prepareQuote(buyer.page, 'payment'));
      await buyer.page.context().close();
      // Dana Reyes's sale, made on November 26 at 8:34 pm in Phoenix: November 27 at 03:34 UTC.
      await queryRows(
        env.app,
        `UPDATE policies SET producer_id = 'MTR-1001', staff_user_id = (SELECT id FROM users WHERE email = 'agent@meterly.test'),
            created_at = '2026-11-27T03:34:00Z'
          WHERE user_id = (SELECT id FROM users WHERE lower(email) = lower($1))`,
        [customer],
      );

      const admin = await openWatchedPage(env.browser);
      const adminCookie = await createSignedInCookie(env.app.databaseUrl, { email: 'admin@meterly.test', role: 'admin' });
      await admin.page.context().addCookies([{ ...adminCookie, url: env.app.url }]);
      await admin.page.goto(`${env.app.url}${localizePath('/agent', locale as 'en-US' | 'es')}`);
      const sales = admin.page.getByRole('region', { name: text.soldByStaff }).first();
      const row = sales.getByRole('row').filter({ hasText: customer });
      await row.waitFor();
      expect(await row.getByTestId('sold-on').textContent()).toBe(text.day);
      await screenshotOf(sales, `staff-sale-day-admin-${locale.toLowerCase()}`);
      await admin.page.context().close();

      const agent = await openWatchedPage(env.browser);
      const agentCookie = await createSignedInCookie(env.app.databaseUrl, { email: 'agent@meterly.test', role: 'agent', producerId: 'MTR-1001' });
      await agent.page.context().addCookies([{ ...agentCookie, url: env.app.url }]);
      await agent.page.goto(`${env.app.url}${localizePath('/agent', locale as 'en-US' | 'es')}`);
      const own = agent.page.getByRole('region', { name: text.soldByYou }).first();
      const ownRow = own.getByRole('row').filter({ hasText: customer });
      await ownRow.waitFor();
      expect(await ownRow.getByTestId('sold-on').textContent()).toBe(text.day);
      await agent.page.context().close();
      expect([...buyer.problems, ...admin.problems, ...agent.problems].filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    });
  });
});
