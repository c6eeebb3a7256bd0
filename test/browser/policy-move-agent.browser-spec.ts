import { backdatePolicy } from '../support/backdate-policy';
import { customerWithPolicyInBrowser } from '../support/browser-policy';
import { PURCHASE_TEXTS } from '../support/browser-purchase';
import { desktopAndPhone } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { CHANGE_FORM_TEXTS } from '../support/policy-changes';

const TEXTS = localeTexts(
  CHANGE_FORM_TEXTS,
  {
    title: 'policy-changes:title',
    address: 'policy-changes:kinds.address',
    street: 'policy-changes:fields.line1',
    city: 'policy-changes:fields.city',
    zip: 'policy-changes:fields.zip',
  },
  {
    'en-US': {
      released: "Your agent isn't licensed in Illinois, so when you confirm this move your policy passes to Meterly's own agency",
    },
    es: {
      released: 'Tu agente no tiene licencia en Illinois, así que cuando confirmes esta mudanza tu póliza pasa a la agencia propia de Meterly',
    },
  },
);

/** Issue 30: a customer moving their policy out of their agent's states is told what happens to the agent, before confirming. */
describe('Moving a policy out of its agent’s states, on the profile', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('shows, with the new price, that the policy passes to the agency', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `move-agent-${locale.toLowerCase()}@example.com`,
        purchase,
      );
      // Sold by the seeded agent Dana Reyes (AZ, TX, OR), started a few days ago.
      await backdatePolicy(env.app, policyId, 3, { producer_id: 'MTR-1001' });
      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();

      await page.getByLabel(text.kind).selectOption({ label: text.address });
      await page.getByLabel(text.street).fill('233 S Wacker Dr');
      await page.getByLabel(text.city, { exact: true }).fill('Chicago');
      await page.getByLabel(text.zip).fill('60606');
      await page.getByRole('button', { name: text.price }).click();
      await page.getByRole('heading', { name: text.review }).waitFor();
      expect(await page.getByTestId('agent-released').textContent()).toContain(text.released);
      await desktopAndPhone(page, `policy-move-agent-${locale}`, page.locator('.price-review'));
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.close();
    });
  });
});
