import { formatDay } from '../../src/shared/format/money';
import { localizePath, type Locale } from '../../src/shared/locale';
import { backdatePolicy } from '../support/backdate-policy';
import { buyThroughApi, policiesOf } from '../support/browser-policy';
import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeText } from '../support/locale-texts';
import { dayFromToday } from '../support/quote-fixtures';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    prefix: '',
    panel: 'Your location data',
    count: (n: number) => `Trips that carry a location (where they started and ended): ${n}`,
    none: 'None of your trips carries a location: we keep their miles and times only.',
    keep: 'Keep where my trips start and end, to show them with each trip',
    milesOnly: "Miles only: don't keep where my trips go",
    save: 'Save choice',
    savedMilesOnly: 'Saved: from now on we keep miles only.',
    erase: 'Erase kept locations',
    confirmTitle: 'Erase the locations of your trips?',
    confirm: 'Erase',
    cancel: 'Cancel',
    erased: 'Done. Trips whose location was erased: 1.',
    table: 'The same miles as a table (days with miles: 1)',
    tripsCell: (day: string) => `Trips: 2 on ${day}`,
    withPlaces: 'Phoenix to Tempe · location kept',
    noPlaces: 'Places not recorded',
    thirdParties: 'Who receives your data, and why',
    companies: 'Companies that receive your data',
  },
  es: {
    prefix: '/es',
    panel: 'Tus datos de ubicación',
    count: (n: number) => `Viajes con ubicación (dónde empezaron y terminaron): ${n}`,
    none: 'Ninguno de tus viajes tiene ubicación: guardamos solo sus millas y horas.',
    keep: 'Guardar dónde empiezan y terminan mis viajes, para mostrarlo con cada viaje',
    milesOnly: 'Solo millas: no guardar a dónde van mis viajes',
    save: 'Guardar elección',
    savedMilesOnly: 'Guardado: desde ahora guardamos solo millas.',
    erase: 'Borrar las ubicaciones guardadas',
    confirmTitle: '¿Borrar las ubicaciones de tus viajes?',
    confirm: 'Borrar',
    cancel: 'Cancelar',
    erased: 'Listo. Viajes cuya ubicación se borró: 1.',
    table: 'Las mismas millas en una tabla (días con millas: 1)',
    tripsCell: (day: string) => `Viajes: 2 del ${day}`,
    withPlaces: 'De Phoenix a Tempe · ubicación guardada',
    noPlaces: 'Lugares no registrados',
    thirdParties: 'Quién recibe tus datos y por qué',
    companies: 'Empresas que reciben tus datos',
  },
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The panel (or any part) as a picture, on a desktop and on a phone, back at `viewport` after. */
async function shootBoth(page: Page, selector: string, name: string, viewport: { width: number; height: number }): Promise<void> {
  // The sticky header would be drawn over a part scrolled under it: in these pictures it stays at the top.
  const header = page.locator('.site-header');
  await header.evaluate((el: HTMLElement) => el.style.setProperty('position', 'static'));
  for (const [size, shown] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(shown);
    await screenshotOf(page.locator(selector), `${name}-${size}`);
  }
  await header.evaluate((el: HTMLElement) => el.style.removeProperty('position'));
  await page.setViewportSize(viewport);
}

describe('Location choices on My account, and who receives data (issue 27)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  it.each([
    ['en-US', DESKTOP],
    ['es', PHONE],
  ] as const)(
    'in %s: sees which trips carry a location, keeps miles only from now on, erases the kept ones after a confirmation, and finds the third parties',
    async (locale: Locale, viewport) => {
      const text = TEXTS[locale];
      const { page, problems } = await openWatchedPage(env.browser, { viewport });
      // A customer (signed in by cookie) with a policy ten days old, who chose to keep locations; one trip with its places, one without.
      await signInByCookie(page, env.app, { email: `locations-${locale.toLowerCase()}@example.com` }, localizePath('/about-us', locale));
      await buyThroughApi(page, await prepareQuote(page, 'payment'));
      const policyId = (await policiesOf(page))[0].id;
      await backdatePolicy(env.app, policyId, 10);
      const day = dayFromToday(-3);
      const sent = await page.evaluate(
        async ({ policyId, day }) => {
          const json = { 'content-type': 'application/json' };
          await fetch('/api/account/locations', { method: 'PUT', headers: json, body: JSON.stringify({ choice: 'keep' }) });
          const device = await fetch('/api/mobile/devices', {
            method: 'POST',
            headers: json,
            body: JSON.stringify({ name: 'Test phone', platform: 'ios' }),
          }).then((r) => r.json());
          const trip = (id: string, from: number, to: number, route?: object) => ({
            clientTripId: id,
            vehicle: `${policyId}:0`,
            startedAt: `${day}T0${from}:00:00-07:00`,
            endedAt: `${day}T0${to}:00:00-07:00`,
            miles: 12,
            route,
          });
          const res = await fetch('/api/mobile/trips', {
            method: 'POST',
            headers: { ...json, authorization: `Bearer ${device.payload.token}` },
            body: JSON.stringify({ trips: [trip('with', 6, 7, { startCity: 'Phoenix', endCity: 'Tempe' }), trip('without', 8, 9)] }),
          });
          return (await res.json()).payload;
        },
        { policyId, day },
      );
      expect(sent.accepted).toHaveLength(2);

      // The panel's first read meets a busy database (503): the page asks again and shows the answer, with no warning.
      let refused = 0;
      await page.route('**/api/account/locations', (route) => {
        if (refused > 0 || route.request().method() !== 'GET') return route.continue();
        refused += 1;
        const body = { success: false, error: { message: 'The service is busy.', code: 'SERVICE_UNAVAILABLE' } };
        return route.fulfill({ status: 503, headers: { 'retry-after': '5' }, contentType: 'application/json', body: JSON.stringify(body) });
      });
      // To My account through the menu, as a person goes: the page loads its panels' data itself (no server-read answers).
      await page.goto(`${env.app.url}${localizePath('/about-us', locale)}`);
      const nav = page.getByRole('navigation', { name: localeText(locale, 'common:nav.label') });
      if (viewport === PHONE) await page.getByRole('button', { name: localeText(locale, 'common:nav.openMenu') }).click();
      else await nav.getByRole('button', { name: localeText(locale, 'common:nav.myAccount') }).click();
      await nav.getByRole('link', { name: localeText(locale, 'common:nav.profile') }).click();
      await page.waitForURL(new RegExp(`${text.prefix}/profile$`));
      const panel = page.locator('.location-panel');
      await panel.getByRole('heading', { name: text.panel, level: 2 }).waitFor();
      await panel.getByText(text.count(1)).waitFor();
      expect(refused).toBe(1);
      expect(await panel.getByRole('radio', { name: text.keep }).isChecked()).toBe(true);
      // The day's trips: the one with its places says so, the other that none were recorded.
      await page.getByText(text.table).click();
      await page.getByRole('button', { name: text.tripsCell(formatDay(day, locale)) }).click();
      const routes = page.locator('.day-trips__route');
      expect(await routes.allTextContents()).toEqual([text.withPlaces, text.noPlaces]);
      // Where a trip went is kept out of session replays.
      expect(await routes.first().getAttribute('data-private')).not.toBeNull();
      expect(await seriousA11yProblems(page, '.location-panel')).toEqual([]);
      await shootBoth(page, '.location-panel', `location-panel-${locale.toLowerCase()}`, viewport);

      // Miles only from now on, by the keyboard: the news is said in the status region.
      await panel.getByRole('radio', { name: text.milesOnly }).check();
      await panel.getByRole('button', { name: text.save }).press('Enter');
      await panel.getByRole('status').getByText(text.savedMilesOnly).waitFor();

      // Erasing asks first; Escape leaves everything as it was, and the focus on the button.
      const eraseButton = panel.getByRole('button', { name: text.erase });
      await eraseButton.click();
      const dialog = page.getByRole('dialog', { name: text.confirmTitle });
      await dialog.waitFor();
      expect(await seriousA11yProblems(page, 'dialog')).toEqual([]);
      await screenshotOf(dialog, `location-erase-dialog-${locale.toLowerCase()}`);
      await page.keyboard.press('Escape');
      await dialog.waitFor({ state: 'detached' });
      expect(await eraseButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await panel.getByText(text.count(1)).waitFor();

      await eraseButton.click();
      await dialog.getByRole('button', { name: text.confirm, exact: true }).click();
      await panel.getByRole('status').getByText(text.erased).waitFor();
      expect(await eraseButton.evaluate((el) => el === document.activeElement)).toBe(true);
      await panel.getByText(text.none).waitFor();
      // The trips shown lose their places at once; their miles stay.
      expect(await routes.allTextContents()).toEqual([text.noPlaces, text.noPlaces]);

      // Who receives data: the privacy policy's list, reached from the panel, at its anchor.
      await panel.getByRole('link', { name: text.thirdParties }).click();
      await page.waitForURL(/\/privacy-policy#third-parties$/);
      const list = page.locator('#third-parties');
      await list.getByRole('heading', { name: text.thirdParties }).waitFor();
      const table = list.getByRole('table', { name: text.companies });
      expect(await table.locator('tbody tr').count()).toBe(9);
      // No company receives trip locations.
      expect((await table.locator('tbody tr td:last-child').allTextContents()).filter((cell) => !/No$/.test(cell))).toEqual([]);
      expect(await list.boundingBox().then((box) => box!.y)).toBeLessThan(viewport.height);
      expect(await seriousA11yProblems(page, '#third-parties')).toEqual([]);
      await shootBoth(page, '#third-parties', `third-parties-${locale.toLowerCase()}`, viewport);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    },
  );
});
