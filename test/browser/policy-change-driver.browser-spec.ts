import { addDays } from '../../src/shared/dates/iso-day';
import { seriousA11yProblems } from '../support/browser-purchase';
import { desktopAndPhone, openSignedIn } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { ADDED_DRIVER, CHANGE_FORM_TEXTS, centsOf, policyOf } from '../support/policy-changes';
import { customerWithPolicy } from '../support/policy-customer';
import type { Page } from 'playwright-core';

const TEXTS = localeTexts(
  CHANGE_FORM_TEXTS,
  {
    addDriver: 'policy-changes:kinds.add-driver',
    firstName: 'policy-changes:fields.firstName',
    lastName: 'policy-changes:fields.lastName',
    birthDate: 'policy-changes:fields.birthDate',
    relationship: 'policy-changes:fields.relationship',
    child: 'policy-changes:relationships.child',
    yearsLicensed: 'policy-changes:fields.yearsLicensed',
    licenseNumber: 'policy-changes:fields.licenseNumber',
    any: 'policy-changes:fields.incidents',
    yes: 'incidents:any.yes',
    type: 'incidents:type',
    accident: 'incidents:types.accidents',
    date: 'incidents:date',
    chooseYesNo: 'incidents:errors.any.required',
    future: 'incidents:errors.date.future',
  },
  {
    'en-US': {
      prefix: '',
      applied: /^Done: Add Mateo Ruiz as a driver, starting .+\. Your new declarations page and ID card are ready/,
    },
    es: {
      prefix: '/es',
      applied: /^Listo: Agregar a Mateo Ruiz como conductor, a partir del .+\. Tu nueva página de declaraciones/,
    },
  },
);

/** The base rate a month after adding ADDED_DRIVER with `incidents`, asked of the API from the page (nothing is confirmed). */
const pricedThroughApi = (page: Page, policyId: string, effectiveDate: string, incidents: unknown[]) =>
  page.evaluate(
    async ({ id, body }) => {
      const answer = await fetch(`/api/policies/${id}/changes`, {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      return (await answer.json()).payload.after.baseRateCents as number;
    },
    { id: policyId, body: { kind: 'add-driver', effectiveDate, driver: { ...ADDED_DRIVER, incidents } } },
  );

describe('Adding a driver with an accident on the profile', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('asks the incidents as the quote does, checks them before pricing, prices the accident in, and the customer confirms', async () => {
      const { email, policyId } = await customerWithPolicy(env.app, `driver-incidents-${locale.toLowerCase()}`, { startedDaysAgo: 3, locale });
      const { page, problems } = await openSignedIn(env, { email });
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      const form = page.locator('.change-form');
      await form.getByLabel(text.kind).selectOption({ label: text.addDriver });
      await form.getByLabel(text.firstName).fill(ADDED_DRIVER.firstName);
      await form.getByLabel(text.lastName).fill(ADDED_DRIVER.lastName);
      await form.getByLabel(text.birthDate).fill(ADDED_DRIVER.birthDate);
      await form.getByLabel(text.relationship).selectOption({ label: text.child });
      await form.getByLabel(text.yearsLicensed).fill(String(ADDED_DRIVER.yearsLicensed));
      await form.getByLabel(text.licenseNumber).fill(ADDED_DRIVER.license.number);
      const effectiveDate = await form.locator('input[name="effectiveDate"]').inputValue();

      // Unanswered, the question is marked and nothing is priced.
      await form.getByRole('button', { name: text.price }).click();
      await form.getByText(text.chooseYesNo).waitFor();
      // An accident dated in the future is marked beside its date, before anything is sent.
      await form.getByRole('group', { name: text.any }).getByRole('radio', { name: text.yes }).check();
      await form.getByLabel(text.type).selectOption({ label: text.accident });
      const when = form.getByLabel(text.date, { exact: true });
      await when.fill(addDays(effectiveDate, 3));
      await form.getByRole('button', { name: text.price }).click();
      await form.getByText(text.future).waitFor();
      expect(await page.evaluate(async (id) => (await (await fetch(`/api/policies/${id}/changes`)).json()).payload.changes.length, policyId)).toBe(0);

      await when.fill(addDays(effectiveDate, -120));
      // The same driver without the accident, and with it, priced through the API first: a policy
      // has one priced change at a time, so the form's own price, made last, is the one to confirm.
      const clean = await pricedThroughApi(page, policyId, effectiveDate, []);
      const withAccident = await pricedThroughApi(page, policyId, effectiveDate, [{ type: 'accidents', date: addDays(effectiveDate, -120) }]);
      await desktopAndPhone(page, `policy-change-driver-form-${locale}`, form);
      await form.getByRole('button', { name: text.price }).click();
      const review = page.locator('.price-review');
      await review.getByRole('heading', { name: text.review }).waitFor();
      const after = centsOf(
        await review
          .getByRole('row', { name: new RegExp(text.baseRate) })
          .locator('td')
          .nth(1)
          .textContent(),
      );
      // The accident is priced in: the same as through the API, more than the same driver without it.
      expect(after).toBe(withAccident);
      expect(after).toBeGreaterThan(clean);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await desktopAndPhone(page, `policy-change-driver-review-${locale}`, review);

      await review.getByRole('button', { name: text.confirm }).click();
      await page.getByText(text.applied).waitFor();
      const policy = await policyOf(page, policyId);
      expect(policy.drivers.map((d) => d.firstName)).toEqual(['Ana', 'Mateo']);
      expect(policy.baseRateCents).toBe(after);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
