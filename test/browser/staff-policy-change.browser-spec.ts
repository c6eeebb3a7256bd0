import { seriousA11yProblems } from '../support/browser-purchase';
import { danasCustomer, DANA, desktopAndPhone, openSignedIn } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { mailCount, waitForMail } from '../support/mailbox';
import { CHANGE_FORM_TEXTS, centsOf, policyOf } from '../support/policy-changes';
import { SECOND_CAR } from '../support/purchase-flow';
import { vinFor } from '../support/vin-for';

const TEXTS = localeTexts(
  CHANGE_FORM_TEXTS,
  {
    customerEmail: 'agent:panel.emailLabel',
    start: 'agent:panel.start',
    profile: 'agent:panel.continueProfile',
    stop: 'agent:panel.stop',
    proposed: 'policy-changes:review.proposedTitle',
    pricedForCustomer: 'policy-changes:review.staffTitle',
    customerConfirms: 'policy-changes:review.customerConfirms',
  },
  {
    'en-US': {
      prefix: '',
      banner: (email: string) => `Hi Dana Reyes, purchasing for ${email}`,
      summary: /^Add the 2016 Toyota RAV4, starting /,
      applied: /^Done: Add the 2016 Toyota RAV4, starting .+\. Your new declarations page and ID card are ready/,
      mail: /^A change to your Meterly policy \S+ is waiting for you$/,
    },
    es: {
      prefix: '/es',
      banner: (email: string) => `Hola, Dana Reyes: comprando para ${email}`,
      summary: /^Agregar el 2016 Toyota RAV4, a partir del /,
      applied: /^Listo: Agregar el 2016 Toyota RAV4, a partir del .+\. Tu nueva página de declaraciones/,
      mail: /^Un cambio en tu póliza de Meterly \S+ te espera$/,
    },
  },
);

describe("A policy change an agent prices on the customer's behalf, confirmed by the customer in another browser", () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('the agent adds a car for the customer and cannot confirm it; the customer sees it waiting with its price, confirms it, and the policy has the car', async () => {
      // Dana sold this Arizona policy; the customer reads the site in this locale.
      const { email, policyId } = await danasCustomer(env.app, `proposed-${locale.toLowerCase()}`, { startedDaysAgo: 3, locale });
      const seen = await mailCount(env.app.databaseUrl, email);

      const agent = await openSignedIn(env, DANA);
      await agent.page.goto(`${env.app.url}${text.prefix}/agent`);
      await agent.page.getByLabel(text.customerEmail).fill(email);
      await agent.page.getByRole('button', { name: text.start }).click();
      await agent.page.getByRole('link', { name: text.profile }).click();
      await agent.page.waitForURL(`${env.app.url}${text.prefix}/profile`);
      await agent.page.getByText(text.banner(email)).first().waitFor();

      const form = agent.page.locator('.change-form');
      await form.getByLabel(text.kind).selectOption('add-vehicle');
      await form.getByLabel(text.vin).fill(vinFor(SECOND_CAR, 5));
      await form.getByLabel(text.year, { exact: true }).fill(String(SECOND_CAR.year));
      await form.getByLabel(text.make).fill(SECOND_CAR.make);
      await form.getByLabel(text.model).fill(SECOND_CAR.model);
      await form.getByRole('button', { name: text.price }).click();
      const staffReview = agent.page.locator('.price-review');
      await staffReview.getByRole('heading', { name: text.pricedForCustomer }).waitFor();
      await staffReview.getByText(text.customerConfirms).waitFor();
      // Staff price; only the customer confirms: there is no button for the agent.
      expect(await staffReview.getByRole('button', { name: text.confirm }).count()).toBe(0);
      const priced = centsOf(
        await staffReview
          .getByRole('row', { name: new RegExp(text.baseRate) })
          .locator('td')
          .nth(1)
          .textContent(),
      );
      expect(await seriousA11yProblems(agent.page)).toEqual([]);
      await desktopAndPhone(agent.page, `staff-change-proposed-${locale}`, staffReview);
      expect((await policyOf(agent.page, policyId)).vehicles).toHaveLength(1);
      // The customer is told by e-mail, in their language.
      expect((await waitForMail(env.app.databaseUrl, email, { seen })).subject).toMatch(text.mail);

      // The customer, in a browser of their own, finds it waiting on the profile with its price.
      const customer = await openSignedIn(env, { email });
      await customer.page.goto(`${env.app.url}${text.prefix}/profile`);
      const waiting = customer.page.locator('.price-review').filter({ has: customer.page.getByRole('heading', { name: text.proposed }) });
      await waiting.waitFor();
      await waiting.getByText(text.summary).waitFor();
      expect(
        centsOf(
          await waiting
            .getByRole('row', { name: new RegExp(text.baseRate) })
            .locator('td')
            .nth(1)
            .textContent(),
        ),
      ).toBe(priced);
      expect(await seriousA11yProblems(customer.page)).toEqual([]);
      await desktopAndPhone(customer.page, `staff-change-waiting-${locale}`, waiting);
      await waiting.getByRole('button', { name: text.confirm }).click();
      await customer.page.getByText(text.applied).waitFor();
      await customer.page
        .locator('.policy-card')
        .getByText(/2016 Toyota RAV4/)
        .first()
        .waitFor();
      const policy = await policyOf(customer.page, policyId);
      expect(policy.vehicles.map((v) => v.model)).toEqual(['Civic', 'RAV4']);
      expect(policy.baseRateCents).toBe(priced);
      await desktopAndPhone(customer.page, `staff-change-confirmed-${locale}`, customer.page.locator('.policy-card').first());

      // The agent, back on the profile, sees it applied, no longer waiting.
      await agent.page.reload();
      await agent.page.getByText(text.summary).first().waitFor();
      expect(await agent.page.locator('.price-review').count()).toBe(0);
      await agent.page.goto(`${env.app.url}${text.prefix}/agent`);
      await agent.page.getByRole('button', { name: text.stop }).click();
      await agent.page.getByLabel(text.customerEmail).waitFor();
      expect(agent.problems).toEqual([]);
      expect(customer.problems).toEqual([]);
      await agent.page.context().close();
      await customer.page.context().close();
    });
  });
});
