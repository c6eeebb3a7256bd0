import { addDays } from '../../src/shared/dates/iso-day';
import { seriousA11yProblems } from '../support/browser-purchase';
import { desktopAndPhone, openSignedIn } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { customerWithPolicy } from '../support/policy-customer';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    prefix: '',
    kind: 'What do you want to change?',
    addDriver: 'Add a driver',
    firstName: 'First name',
    lastName: 'Last name',
    birthDate: 'Date of birth',
    relationship: 'Relationship to you',
    child: 'Child',
    yearsLicensed: 'Years licensed',
    licenseNumber: "Driver's license number",
    any: 'Any accidents, claims or tickets for this driver in the last 3 years?',
    yes: 'Yes',
    type: 'What happened',
    accident: 'An accident',
    date: 'When',
    chooseYesNo: 'Choose yes or no.',
    future: "The date can't be in the future.",
    price: 'See the new price',
    review: 'Your new price',
    baseRate: 'Base rate a month',
    confirm: 'Confirm the change',
    applied: /^Done: Add Mateo Ruiz as a driver, starting .+\. Your new declarations page and ID card are ready/,
  },
  es: {
    prefix: '/es',
    kind: '¿Qué quieres cambiar?',
    addDriver: 'Agregar un conductor',
    firstName: 'Nombre',
    lastName: 'Apellido',
    birthDate: 'Fecha de nacimiento',
    relationship: 'Relación contigo',
    child: 'Hijo o hija',
    yearsLicensed: 'Años con licencia',
    licenseNumber: 'Número de licencia de conducir',
    any: '¿Algún accidente, reclamo o multa de este conductor en los últimos 3 años?',
    yes: 'Sí',
    type: 'Qué pasó',
    accident: 'Un accidente',
    date: 'Cuándo',
    chooseYesNo: 'Elige sí o no.',
    future: 'La fecha no puede estar en el futuro.',
    price: 'Ver el nuevo precio',
    review: 'Tu nuevo precio',
    baseRate: 'Tarifa base al mes',
    confirm: 'Confirmar el cambio',
    applied: /^Listo: Agregar a Mateo Ruiz como conductor, a partir del .+\. Tu nueva página de declaraciones/,
  },
};

const DRIVER = {
  firstName: 'Mateo',
  lastName: 'Ruiz',
  birthDate: '2004-05-01',
  relationship: 'child',
  yearsLicensed: 4,
  license: { state: 'AZ', number: 'D12345678' },
};

/** The base rate a month after adding DRIVER with `incidents`, asked of the API from the page (nothing is confirmed). */
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
    { id: policyId, body: { kind: 'add-driver', effectiveDate, driver: { ...DRIVER, incidents } } },
  );

const money = (text: string | null) => Math.round(Number((text ?? '').replace(/[^\d.]/g, '')) * 100);

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
      await form.getByLabel(text.firstName).fill(DRIVER.firstName);
      await form.getByLabel(text.lastName).fill(DRIVER.lastName);
      await form.getByLabel(text.birthDate).fill(DRIVER.birthDate);
      await form.getByLabel(text.relationship).selectOption({ label: text.child });
      await form.getByLabel(text.yearsLicensed).fill(String(DRIVER.yearsLicensed));
      await form.getByLabel(text.licenseNumber).fill(DRIVER.license.number);
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
      await desktopAndPhone(page, `policy-change-driver-form-${locale}`, form);
      await form.getByRole('button', { name: text.price }).click();
      const review = page.locator('.price-review');
      await review.getByRole('heading', { name: text.review }).waitFor();
      const after = money(
        await review
          .getByRole('row', { name: new RegExp(text.baseRate) })
          .locator('td')
          .nth(1)
          .textContent(),
      );
      // The same driver without the accident costs less.
      const clean = await pricedThroughApi(page, policyId, effectiveDate, []);
      expect(after).toBe(await pricedThroughApi(page, policyId, effectiveDate, [{ type: 'accidents', date: addDays(effectiveDate, -120) }]));
      expect(after).toBeGreaterThan(clean);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await desktopAndPhone(page, `policy-change-driver-review-${locale}`, review);

      await review.getByRole('button', { name: text.confirm }).click();
      await page.getByText(text.applied).waitFor();
      const policy = await page.evaluate(async (id) => (await (await fetch(`/api/policies/${id}`)).json()).payload, policyId);
      expect(policy.drivers.map((d: { firstName: string }) => d.firstName)).toEqual(['Ana', 'Mateo']);
      expect(policy.baseRateCents).toBe(after);
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
