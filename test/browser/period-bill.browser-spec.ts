import { billingPeriod } from '../../src/shared/billing/billing-periods';
import { changeProration } from '../../src/shared/billing/change-proration';
import { addDays } from '../../src/shared/dates/iso-day';
import { formatCents, formatChange, formatDay, formatMills } from '../../src/shared/format/money';
import { vehicleName } from '../../src/shared/quote/quote-model';
import { backdatePolicy } from '../support/backdate-policy';
import { customerWithPolicyInBrowser } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import { timelineFollowsRow } from '../support/policy-timeline-sync';
import { SECOND_CAR } from '../support/purchase-flow';
import { dayFromToday } from '../support/quote-fixtures';
import { vinFor } from '../support/vin-for';
import type { Page } from 'playwright-core';

type Day = (day: string) => string;

const TEXTS = {
  'en-US': {
    title: 'Miles and billing',
    lines: 'How your bill so far adds up',
    changed: (dates: string) => `Your policy changed on ${dates}. Miles before a change are billed at the per-mile rates you had then`,
    change: (date: string, amount: string) => `Policy change from ${date}: ${amount}`,
    base: (from: string, to: string) => `Base rate, ${from} to ${to}`,
    miles: (car: string, miles: string, rate: string, from: string, to: string) => `${car}: ${miles} miles at ${rate} a mile, ${from} to ${to}`,
    policyChange: (from: string, days: number, of: number) => `Policy change from ${from}: base rate difference for ${days} of ${of} days`,
    total: 'This month so far',
    changeWord: /^Policy change from /,
    forecastNote: 'The days still to come at the per-mile rates in force on each of them.',
  },
  es: {
    title: 'Millas y facturación',
    lines: 'Cómo se suma tu factura hasta ahora',
    changed: (dates: string) => `Tu póliza cambió el ${dates}. Las millas anteriores a un cambio se facturan a las tarifas por milla que tenías entonces`,
    change: (date: string, amount: string) => `Cambio en la póliza desde el ${date}: ${amount}`,
    base: (from: string, to: string) => `Tarifa base, del ${from} al ${to}`,
    miles: (car: string, miles: string, rate: string, from: string, to: string) => `${car}: ${miles} millas a ${rate} por milla, del ${from} al ${to}`,
    policyChange: (from: string, days: number, of: number) => `Cambio en la póliza desde el ${from}: diferencia de tarifa base por ${days} de ${of} días`,
    total: 'Este mes hasta ahora',
    changeWord: /^Cambio en la póliza desde el /,
    forecastNote: 'Los días que faltan, a las tarifas por milla vigentes en cada uno.',
  },
};

interface Terms {
  baseRateCents: number;
  vehicles: { year: number; make: string; model: string; perMileRateMills: number }[];
}

/** The page's session prices a change from the earliest day it may take effect and confirms it, as the change form does. */
function changePolicy(page: Page, policyId: string, change: object): Promise<{ before: Terms; after: Terms }> {
  return page.evaluate(
    async ({ policyId, change }) => {
      const post = async (path: string, body: object) => {
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return (await res.json()).payload;
      };
      const { window } = (await (await fetch(`/api/policies/${policyId}/changes`)).json()).payload;
      const priced = await post(`/api/policies/${policyId}/changes`, { ...change, effectiveDate: window.earliest });
      await post(`/api/policies/${policyId}/changes/${priced.id}/confirm`, {});
      return { before: priced.before, after: priced.after };
    },
    { policyId, change },
  );
}

/** As the mobile app does it: each trip one hour of the morning of its day (Arizona). */
async function drive(page: Page, policyId: string, trips: { car: number; day: string; miles: number }[]): Promise<void> {
  const answer = await page.evaluate(
    async ({ policyId, trips }) => {
      const json = { 'content-type': 'application/json' };
      const device = await fetch('/api/mobile/devices', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Test phone', platform: 'ios' }) }).then(
        (res) => res.json(),
      );
      const sent = trips.map(({ car, day, miles }, i) => ({
        clientTripId: `trip-${i}`,
        vehicle: `${policyId}:${car}`,
        startedAt: `${day}T0${i + 1}:00:00-07:00`,
        endedAt: `${day}T0${i + 1}:50:00-07:00`,
        miles,
      }));
      const res = await fetch('/api/mobile/trips', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${device.payload.token}` },
        body: JSON.stringify({ trips: sent }),
      });
      return res.json();
    },
    { policyId, trips },
  );
  expect(answer.payload).toMatchObject({ rejected: [] });
}

describe('The bill so far after a policy change, on the profile', () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('shows the miles before the change at the old rate, after it at the new, and the change, adding up to the bill so far; after a replacement each line names its own car', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const { page, problems, policyId } = await customerWithPolicyInBrowser(
        env.browser,
        env.app.url,
        `period-bill-${locale.toLowerCase()}@example.com`,
        purchase,
      );
      // Ten days in (Arizona's days); a car added, its change moved to three days ago; miles on both sides of it.
      const today = dayFromToday(0);
      const [start, changed] = [addDays(today, -10), addDays(today, -3)];
      await backdatePolicy(env.app, policyId, start, { termDays: 180 });
      const { before, after } = await changePolicy(page, policyId, { kind: 'add-vehicle', vehicle: { ...SECOND_CAR, vin: vinFor(SECOND_CAR, 11) } });
      await queryRows(env.app, `UPDATE policy_changes SET effective_date = $2 WHERE policy_id = $1`, [policyId, changed]);
      await timelineFollowsRow(env.app, policyId);
      await drive(page, policyId, [
        { car: 0, day: addDays(today, -5), miles: 40 },
        { car: 0, day: addDays(today, -2), miles: 10 },
        { car: 1, day: addDays(today, -2), miles: 12 },
      ]);

      const period = billingPeriod({ effectiveDate: start, billingAnchors: null }, 0);
      const proration = changeProration(period, changed, before.baseRateCents, after.baseRateCents);
      const cents = (miles: number, mills: number) => Math.round((miles * mills) / 10);
      const [oldRate, newRate, addedRate] = [before.vehicles[0].perMileRateMills, after.vehicles[0].perMileRateMills, after.vehicles[1].perMileRateMills];
      const amounts = [before.baseRateCents, cents(40, oldRate), cents(10, newRate), cents(12, addedRate), proration.amountCents];
      const total = amounts.reduce((a, b) => a + b, 0);
      const day: Day = (d) => formatDay(d, locale);
      const money = (c: number) => formatCents(c, locale);
      const [civic, rav4] = after.vehicles.map((v) => vehicleName(v));

      await page.goto(`${env.app.url}${purchase.prefix}/profile`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      expect(await page.getByTestId('bill-so-far').textContent()).toBe(money(total));
      expect(await page.getByTestId('bill-change').textContent()).toBe(text.change(day(changed), formatChange(proration.amountCents, formatCents, locale)));
      await page.getByText(text.forecastNote).waitFor();
      // The lines are open, saying why, each stretch at its own per-mile rate.
      const details = page.getByTestId('bill-lines');
      expect(await details.getAttribute('open')).not.toBeNull();
      await details.getByText(text.lines).waitFor();
      await details.getByText(text.changed(day(changed)), { exact: false }).waitFor();
      const rows = await details.locator('tbody tr').evaluateAll((trs) => trs.map((tr) => [...tr.querySelectorAll('td')].map((td) => td.textContent)));
      expect(rows).toEqual([
        [text.base(day(period.start), day(period.end)), money(amounts[0])],
        [text.miles(civic, '40', formatMills(oldRate, locale), day(period.start), day(addDays(changed, -1))), money(amounts[1])],
        [text.miles(civic, '10', formatMills(newRate, locale), day(changed), day(period.end)), money(amounts[2])],
        [text.miles(rav4, '12', formatMills(addedRate, locale), day(changed), day(period.end)), money(amounts[3])],
        [text.policyChange(day(changed), proration.days, proration.periodDays), formatChange(proration.amountCents, formatCents, locale)],
      ]);
      expect(await details.locator('tfoot tr').textContent()).toBe(`${text.total}${money(total)}`);

      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `period-bill-${locale.toLowerCase()}`);
      await page.setViewportSize({ width: 390, height: 844 });
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBe(390);
      await screenshot(page, `period-bill-phone-${locale.toLowerCase()}`);

      // The first car replaced from today: each line names the car it was for, not the one in its place now.
      const newer = { ...SECOND_CAR, year: 2019 };
      const replaced = await changePolicy(page, policyId, { kind: 'replace-vehicle', vehicleIndex: 0, vehicle: { ...newer, vin: vinFor(newer, 12) } });
      await page.reload();
      await details.locator('tbody tr').first().waitFor();
      const cars = await details.locator('tbody tr td:first-child').allTextContents();
      expect(cars.map((line) => line.split(':')[0])).toEqual([
        expect.any(String),
        civic,
        civic,
        rav4,
        vehicleName(newer),
        rav4,
        expect.stringMatching(text.changeWord),
        expect.stringMatching(text.changeWord),
      ]);
      expect(cars[4]).toContain(formatMills(replaced.after.vehicles[0].perMileRateMills, locale));
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
