import { focusedOn } from '../support/browser-focus';
import { customerWithPolicyInBrowser } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment } from '../support/chromium';
import { CHANGE_FORM_TEXTS } from '../support/policy-changes';
import { SECOND_CAR } from '../support/purchase-flow';
import { vinFor } from '../support/vin-for';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    ...CHANGE_FORM_TEXTS['en-US'],
    title: 'Change your policy',
    perMile: '2016 Toyota RAV4, per mile',
    proration: /^For the \d+ days left of this billing period \(to .+\), your next statement adds \$\d+\.\d\d\.$/,
    applied: /^Done: Add the 2016 Toyota RAV4, starting .+\. Your new declarations page and ID card are ready/,
    history: /Add the 2016 Toyota RAV4, starting .+Base rate \$[\d.]+ → \$[\d.]+ a month/,
    address: 'Change where you keep your car',
    street: 'Street address',
    city: 'City',
    zip: 'ZIP code',
    notSold: "We don't sell Meterly in New Mexico yet, so we can't cover a car kept there. Nothing was changed.",
    vinDecoded: 'This VIN is for a 2016 Toyota.',
    vinMismatch: 'This VIN is for a 2016 Toyota, but you entered a 2018 Toyota. Check the VIN, or the year and make.',
    invalid: 'Check the fields marked below.',
  },
  es: {
    ...CHANGE_FORM_TEXTS.es,
    title: 'Cambia tu póliza',
    perMile: '2016 Toyota RAV4, por milla',
    proration: /^Por los \d+ días que quedan de este período de facturación \(hasta el .+\), tu próximo estado de cuenta suma \$\d+\.\d\d\.$/,
    applied: /^Listo: Agregar el 2016 Toyota RAV4, a partir del .+\. Tu nueva página de declaraciones/,
    history: /Agregar el 2016 Toyota RAV4, a partir del .+Tarifa base \$[\d.]+ → \$[\d.]+ al mes/,
    address: 'Cambiar dónde guardas tu auto',
    street: 'Dirección',
    city: 'Ciudad',
    zip: 'Código postal',
    notSold: 'Aún no vendemos Meterly en Nuevo México, así que no podemos cubrir un auto que se guarda ahí. No se cambió nada.',
    vinDecoded: 'Este VIN es de un 2016 Toyota.',
    vinMismatch: 'Este VIN es de un 2016 Toyota, pero indicaste un 2018 Toyota. Revisa el VIN, o el año y la marca.',
    invalid: 'Revisa los campos marcados abajo.',
  },
};

const carsOf = async (page: Page, id: string): Promise<number> =>
  page.evaluate(async (policyId) => (await (await fetch(`/api/policies/${policyId}`)).json()).payload.vehicles.length as number, id);

describe('Policy changes on the profile', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('with the keyboard alone, "See the new price" puts the focus on the price, and confirming on what was done', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems } = await customerWithPolicyInBrowser(env.browser, env.app.url, `changes-keys-${locale.toLowerCase()}@example.com`, purchase);
      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      await page.getByLabel(text.kind).selectOption({ label: text.address });
      await page.getByLabel(text.street).fill('255 W Alameda St');
      await page.getByLabel(text.city, { exact: true }).fill('Tucson');
      await page.getByLabel(text.zip).fill('85701');
      await page.getByRole('button', { name: text.price }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedOn(page, 'h4')).toMatchObject({ text: text.review });
      await page.getByRole('button', { name: text.confirm }).focus();
      await page.keyboard.press('Enter');
      expect((await focusedOn(page, '.notice[role="status"]')).text).toMatch(/Done|Listo/);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('a customer adds a car, sees the rates before and after and the prorated difference, then confirms it', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems, policyId } = await customerWithPolicyInBrowser(env.browser, env.app.url, `changes-${locale.toLowerCase()}@example.com`, purchase);
      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();

      // A state we do not sell in is refused with its own words; nothing is priced.
      await page.getByLabel(text.kind).selectOption({ label: text.address });
      await page.getByLabel(text.street).fill('400 Marquette Ave NW');
      await page.getByLabel(text.city, { exact: true }).fill('Albuquerque');
      await page.getByLabel(text.zip).fill('87102');
      await page.getByRole('button', { name: text.price }).click();
      await page.getByRole('alert').filter({ hasText: text.notSold }).waitFor();

      await page.getByLabel(text.kind).selectOption('add-vehicle');
      // As the quote does, a whole VIN fills in the car's year and make and says which car it is.
      await page.getByLabel(text.vin).fill(vinFor(SECOND_CAR, 2));
      await page.getByText(text.vinDecoded).waitFor();
      expect(await page.getByLabel(text.year, { exact: true }).inputValue()).toBe(String(SECOND_CAR.year));
      expect(await page.getByLabel(text.make).inputValue()).toBe(SECOND_CAR.make);
      // A year typed over it that is another car's is said at the VIN, and is not sent to be priced.
      await page.getByLabel(text.year, { exact: true }).fill('2018');
      await page.getByText(text.vinMismatch).waitFor();
      await page.getByRole('button', { name: text.price }).click();
      await page.getByRole('alert').filter({ hasText: text.invalid }).waitFor();
      expect(await page.getByRole('heading', { name: text.review }).count()).toBe(0);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotOf(page.locator('.change-form'), `policy-change-vin-mismatch-phone-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByLabel(text.year, { exact: true }).fill(String(SECOND_CAR.year));
      await page.getByText(text.vinDecoded).waitFor();
      // Put right, the car is no longer refused.
      await page.getByRole('alert').filter({ hasText: text.invalid }).waitFor({ state: 'detached' });
      await page.getByLabel(text.model).fill(SECOND_CAR.model);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotOf(page.locator('.change-form'), `policy-change-vin-read-phone-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 1280, height: 800 });
      await page.getByRole('button', { name: text.price }).click();
      await page.getByRole('heading', { name: text.review }).waitFor();
      const baseRow = page.getByRole('row', { name: new RegExp(text.baseRate) });
      const [now, after] = (await baseRow.locator('td').allTextContents()).map((cell) => Number(cell.replace(/[^\d.]/g, '')));
      expect(after).toBeGreaterThan(now);
      // The new car has no rate now, and its own after the change.
      expect(
        await page
          .getByRole('row', { name: new RegExp(text.perMile) })
          .locator('td')
          .first()
          .textContent(),
      ).toBe('—');
      await page.getByText(text.proration).waitFor();
      // Priced, not changed: the policy still has one car until the customer confirms.
      expect(await carsOf(page, policyId)).toBe(1);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `policy-change-price-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `policy-change-price-phone-${locale.toLowerCase()}`);
      // The review alone, at the phone's width, to look at closely.
      await screenshotOf(page.locator('.policy-changes'), `policy-change-review-phone-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByRole('button', { name: text.confirm }).click();
      await page.getByText(text.applied).waitFor();
      await page.getByText(text.history).waitFor();
      expect(await carsOf(page, policyId)).toBe(2);
      // The policy above shows the new car too, without a reload.
      await page
        .locator('.policy-card')
        .getByText(/2016 Toyota RAV4/)
        .first()
        .waitFor();
      await screenshot(page, `policy-change-applied-${locale.toLowerCase()}`);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
