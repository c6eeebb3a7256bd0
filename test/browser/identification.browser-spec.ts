import { STEP_TEXTS } from '../support/browser-application';
import { screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { LOGIN_TEXTS, signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { SECOND_CAR } from '../support/purchase-flow';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    ...STEP_TEXTS['en-US'],
    ...LOGIN_TEXTS['en-US'],
    heading: 'Licenses and VINs',
    car: (n: number, car: string) => `Car ${n}: ${car}`,
    driver: 'Driver 1: Ana García',
    checkDigit: "That VIN isn't valid: please check each character.",
    mismatch: 'This VIN is for a 2018 Toyota, but you entered a 2016 Toyota. Check the VIN, or change the car.',
    changeCars: 'Change your cars',
    licenseFormat: "That isn't how license numbers from Arizona are written (for example D12345678).",
    onFile: 'On file: ••••4321. Leave empty to keep it, or type the number again to change it.',
    decoded: 'This VIN is for a 2019 Honda.',
    why: 'Why this price?',
    multiCar: 'Multi-car discount',
  },
  es: {
    ...STEP_TEXTS.es,
    ...LOGIN_TEXTS.es,
    heading: 'Licencias y VIN',
    car: (n: number, car: string) => `Auto ${n}: ${car}`,
    driver: 'Conductor 1: Ana García',
    checkDigit: 'Ese VIN no es válido: revisa cada carácter.',
    mismatch: 'Este VIN es de un 2018 Toyota, pero indicaste un 2016 Toyota. Revisa el VIN o cambia el auto.',
    changeCars: 'Cambiar tus autos',
    licenseFormat: 'Así no se escriben los números de licencia de Arizona (por ejemplo D12345678).',
    onFile: 'Registrada: ••••4321. Déjalo vacío para conservarla o vuelve a escribir el número para cambiarla.',
    decoded: 'Este VIN es de un 2019 Honda.',
    why: '¿Por qué este precio?',
    multiCar: 'Descuento por varios autos',
  },
};

const DESKTOP = { viewport: { width: 1280, height: 800 } };
const PHONE = { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 };

/** The text that describes a field to a screen reader: its error, else its hint. */
async function describedBy(page: Page, label: string, within: string): Promise<string> {
  const field = page.getByRole('group', { name: within }).getByLabel(label, { exact: true });
  const id = (await field.getAttribute('aria-describedby'))!;
  return (await page.locator(`[id="${id}"]`).textContent())!.trim();
}

describe('VINs and licenses on the application, in the browser', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();

  describe.each([
    ['en-US', 'desktop', DESKTOP],
    ['es', 'phone', PHONE],
  ] as const)('in %s on a %s', (locale, size, device) => {
    const text = TEXTS[locale];
    const tag = `${locale.toLowerCase()}-${size}`;

    it('says a wrong check digit, a VIN for another car and a license not of its state at the field, then keeps the license masked', async () => {
      const { page, problems } = await openWatchedPage(env.browser, device);
      await signInByCookie(page, env.app, { email: `identification-${tag}@example.com` }, `${text.prefix}/about-us`);
      await prepareQuote(page, 'identification', [SECOND_CAR]);
      await page.goto(`${env.app.url}${text.prefix}/quote/application`);
      await page.getByRole('heading', { name: text.heading, level: 2 }).waitFor();
      await page.getByText(text.part(4)).waitFor();
      const civic = text.car(1, '2019 Honda Civic');
      const rav4 = text.car(2, '2016 Toyota RAV4');

      await page.getByRole('group', { name: civic }).getByLabel(text.vin, { exact: true }).fill('2HGFC2F59KH500000');
      await page.getByRole('group', { name: rav4 }).getByLabel(text.vin, { exact: true }).fill('2T3BFREV4JW000001');
      await page.getByRole('group', { name: text.driver }).getByLabel(text.licenseNumber, { exact: true }).fill('1234567');
      await page.getByRole('button', { name: text.next, exact: true }).click();

      expect(await describedBy(page, text.vin, civic)).toBe(text.checkDigit);
      expect(await describedBy(page, text.vin, rav4)).toBe(text.mismatch);
      expect(await describedBy(page, text.licenseNumber, text.driver)).toBe(text.licenseFormat);
      await page.getByRole('group', { name: rav4 }).getByRole('button', { name: text.changeCars }).waitFor();
      expect(await page.getByRole('group', { name: civic }).getByRole('textbox').getAttribute('aria-invalid')).toBe('true');
      await screenshot(page, `identification-${tag}-1-errors`);
      await page.setViewportSize(size === 'desktop' ? PHONE.viewport : DESKTOP.viewport);
      await screenshot(page, `identification-${tag}-1-errors-other-size`);
      await page.setViewportSize(device.viewport);
      expect(await seriousA11yProblems(page)).toEqual([]);

      await page.getByRole('group', { name: civic }).getByLabel(text.vin, { exact: true }).fill('2HGFC2F50KH500000');
      await page.getByRole('group', { name: rav4 }).getByLabel(text.vin, { exact: true }).fill('2T3BFREV3GW000001');
      await page.getByRole('group', { name: text.driver }).getByLabel(text.licenseNumber, { exact: true }).fill('d8765-4321');
      await page.getByRole('button', { name: text.next, exact: true }).click();
      await page.getByText(text.part(5)).waitFor();

      // Back at the section: the VINs are there, the license only as its last characters.
      await page.goto(`${env.app.url}${text.prefix}/quote/application?section=identification`);
      await page.getByText(text.part(4)).waitFor();
      expect(await page.getByRole('group', { name: civic }).getByLabel(text.vin, { exact: true }).inputValue()).toBe('2HGFC2F50KH500000');
      expect(await describedBy(page, text.vin, civic)).toBe(text.decoded);
      expect(await page.getByRole('group', { name: text.driver }).getByLabel(text.licenseNumber, { exact: true }).inputValue()).toBe('');
      expect(await describedBy(page, text.licenseNumber, text.driver)).toBe(text.onFile);
      expect(await page.content()).not.toMatch(/8765-?4321/);
      await screenshot(page, `identification-${tag}-2-on-file`);
      await page.getByRole('button', { name: text.next, exact: true }).click();
      await page.getByText(text.part(5)).waitFor();

      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    // Here because this file already prices a quote with two cars (no app start of its own).
    it("shows the multi-car discount in each car's breakdown of a two-car quote's price", async () => {
      const { page, problems } = await openWatchedPage(env.browser, device);
      await signInByCookie(page, env.app, { email: `multi-car-${tag}@example.com` }, `${text.prefix}/about-us`);
      await prepareQuote(page, 'payment', [SECOND_CAR]);
      await page.goto(`${env.app.url}${text.prefix}/quote/payment`);
      const panel = page.locator('.price-panel');
      await panel.getByRole('button', { name: text.why }).click();
      const tables = panel.getByRole('table');
      await tables.nth(1).waitFor();
      expect(await tables.count()).toBe(2);
      for (const n of [0, 1]) {
        const row = tables.nth(n).getByRole('row', { name: new RegExp(`^${text.multiCar}`) });
        // Base rate lowered, per-mile rate unchanged.
        const [base, perMile] = await row.getByRole('cell').allTextContents();
        expect(base).toMatch(/^[−-]/);
        expect(perMile).not.toMatch(/[1-9]/);
      }
      await screenshotOf(panel, `multi-car-${tag}-breakdown`);
      expect(await seriousA11yProblems(page, '.price-panel')).toEqual([]);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
