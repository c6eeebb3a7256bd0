import { customerWithPolicyInBrowser } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import { SECOND_CAR } from '../support/purchase-flow';
import { vinFor } from '../support/vin-for';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    title: 'Change your policy',
    kind: 'What do you want to change?',
    remove: 'Remove a car',
    car: 'Which car',
    hint: 'Its trips, readings, claims and statements stay in your history.',
    price: 'See the new price',
    review: 'Your new price',
    civicRate: '2019 Honda Civic, per mile',
    confirm: 'Confirm the change',
    applied: /^Done: Remove the 2019 Honda Civic, starting .+\./,
    civicLine: /^2019 Honda Civic: 400 miles at/,
  },
  es: {
    title: 'Cambia tu póliza',
    kind: '¿Qué quieres cambiar?',
    remove: 'Quitar un auto',
    car: 'Qué auto',
    hint: 'Sus viajes, lecturas, reclamos y estados de cuenta se quedan en tu historial.',
    price: 'Ver el nuevo precio',
    review: 'Tu nuevo precio',
    civicRate: '2019 Honda Civic, por milla',
    confirm: 'Confirmar el cambio',
    applied: /^Listo: Quitar el 2019 Honda Civic, a partir del .+\./,
    civicLine: /^2019 Honda Civic: 400 millas a/,
  },
};

/** Adds the RAV4 (car 1) from the first day a change may take, through the API as the page's session. */
const addSecondCar = (page: Page, policyId: string, vin: string) =>
  page.evaluate(
    async ({ id, car }) => {
      const post = async (path: string, body: object) => {
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()).payload;
      };
      const { window } = (await (await fetch(`/api/policies/${id}/changes`)).json()).payload;
      const priced = await post(`/api/policies/${id}/changes`, { kind: 'add-vehicle', effectiveDate: window.earliest, vehicle: car });
      await post(`/api/policies/${id}/changes/${priced.id}/confirm`, {});
    },
    { id: policyId, car: { ...SECOND_CAR, vin } },
  );

const carsOf = async (page: Page, id: string): Promise<[number, string][]> =>
  page.evaluate(
    async (policyId) =>
      (await (await fetch(`/api/policies/${policyId}`)).json()).payload.vehicles.map((v: { vehicleIndex: number; model: string }) => [v.vehicleIndex, v.model]),
    id,
  );

describe('Removing the first of two cars on the profile (issue 16)', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('offers every car, removes the one listed first, and its past statement line keeps its name', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `remove-car-${locale.toLowerCase()}@example.com`,
        purchase,
      );
      await addSecondCar(page, policyId, vinFor(SECOND_CAR, 2));
      // A statement billed before: the Civic's miles, as billing words them.
      const [period] = await queryRows<{ from: string; to: string }>(
        env.app,
        `SELECT to_char(effective_date, 'YYYY-MM-DD') AS "from", to_char(effective_date, 'YYYY-MM-DD') AS "to" FROM policies WHERE id = $1`,
        [policyId],
      );
      const civic = { year: 2019, make: 'Honda', model: 'Civic' };
      const line = { kind: 'miles', vehicleIndex: 0, vehicle: civic, from: period.from, to: period.to, miles: 400, perMileRateMills: 80, amountCents: 3200 };
      await queryRows(
        env.app,
        `INSERT INTO statements (policy_id, period_index, period_start, period_end, lines, total_cents, status, paid_at) VALUES ($1, 0, $2, $3, $4, 3200, 'paid', now())`,
        [policyId, period.from, period.to, JSON.stringify([line])],
      );

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      await page.getByLabel(text.kind).selectOption({ label: text.remove });
      const which = page.getByLabel(text.car, { exact: true });
      expect(await which.locator('option').allTextContents()).toEqual(['2019 Honda Civic', '2016 Toyota RAV4']);
      await page.getByText(text.hint).waitFor();
      await which.selectOption({ label: '2019 Honda Civic' });
      await page.getByRole('button', { name: text.price }).click();
      await page.getByRole('heading', { name: text.review }).waitFor();
      // The Civic has its rate now and none after; the RAV4 keeps a rate of its own.
      const civicRow = page.getByRole('row', { name: new RegExp(text.civicRate) });
      expect(await civicRow.locator('td').nth(1).textContent()).toBe('—');
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `remove-first-car-price-${locale.toLowerCase()}`);
      // The review alone, at both widths, to look at closely.
      await screenshotOf(page.locator('.policy-changes'), `remove-first-car-review-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshotOf(page.locator('.policy-changes'), `remove-first-car-review-phone-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 1280, height: 800 });

      await page.getByRole('button', { name: text.confirm }).click();
      await page.getByText(text.applied).waitFor();
      expect(await carsOf(page, policyId)).toEqual([[1, 'RAV4']]);
      // The statement billed before still names the Civic, not the car now listed first.
      await page.reload();
      const statement = page.locator('.miles-billing__statements details').first();
      await statement.locator('summary').click();
      await statement.getByText(text.civicLine).waitFor();
      await screenshotOf(page.locator('.miles-billing__statements'), `remove-first-car-statement-${locale.toLowerCase()}`);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
