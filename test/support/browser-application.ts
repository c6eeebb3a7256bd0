import type { Page } from 'playwright-core';
import { fillCard, PURCHASE_TEXTS, screenshot, seriousA11yProblems, sign } from './browser-purchase';
import { licenseFor, vinFor } from './vin-for';

/** The words of the steps between the quote and payment, in each locale. */
export const STEP_TEXTS = {
  'en-US': {
    application: 'Your application',
    line1: 'Street address',
    city: 'City',
    next: 'Continue',
    part: (n: number) => `Part ${n} of 5`,
    vin: 'Vehicle identification number (VIN)',
    licenseState: 'State that issued the license',
    licenseNumber: "Driver's license number",
    toPackages: 'Continue to packages',
    products: 'Choose a package',
    chooseStandard: 'Choose Standard',
    coverage: 'Your coverage',
    selectUninsured: 'Yes, I select uninsured motorist coverage',
    toPayment: 'Continue to payment',
  },
  es: {
    application: 'Tu solicitud',
    line1: 'Calle y número',
    city: 'Ciudad',
    next: 'Continuar',
    part: (n: number) => `Parte ${n} de 5`,
    vin: 'Número de identificación del vehículo (VIN)',
    licenseState: 'Estado que emitió la licencia',
    licenseNumber: 'Número de licencia de conducir',
    toPackages: 'Continuar a los paquetes',
    products: 'Elige un paquete',
    chooseStandard: 'Elegir Estándar',
    coverage: 'Tu cobertura',
    selectUninsured: 'Sí, elijo la cobertura de conductor sin seguro',
    toPayment: 'Continuar al pago',
  },
};

/**
 * From /quote/application to /quote/purchased as a customer does it: the address (with a
 * reload between sections), no other drivers or cars, the car's VIN and the driver's license
 * (the quote's 2019 Honda Civic, an Arizona license), the history, Standard, the coverage as it
 * is (uninsured motorist selected), then 4242 and a signature. Answers the policy number; checks
 * axe and the ID card on the way.
 */
export async function applicationToPolicy(page: Page, base: string, locale: 'en-US' | 'es'): Promise<string> {
  const steps = STEP_TEXTS[locale];
  const text = PURCHASE_TEXTS[locale];
  const tag = locale.toLowerCase();
  await page.getByRole('heading', { name: steps.application, level: 1 }).waitFor();
  await page.getByLabel(steps.line1, { exact: true }).fill('120 W Washington St');
  await page.getByLabel(steps.city, { exact: true }).fill('Phoenix');
  await screenshot(page, `application-${tag}-1-address`);
  await page.getByRole('button', { name: steps.next, exact: true }).click();
  await page.getByText(steps.part(2)).waitFor();
  // A reload keeps what was saved and where the customer was.
  await page.reload();
  await page.getByText(steps.part(2)).waitFor();
  await page.getByRole('button', { name: steps.next, exact: true }).click();
  await page.getByText(steps.part(3)).waitFor();
  await page.getByRole('button', { name: steps.next, exact: true }).click();
  await page.getByText(steps.part(4)).waitFor();
  await page.getByLabel(steps.vin, { exact: true }).fill(vinFor({ year: 2019, make: 'Honda' }));
  await page.getByLabel(steps.licenseNumber, { exact: true }).fill(licenseFor(0).number);
  await page.getByRole('button', { name: steps.next, exact: true }).click();
  await page.getByText(steps.part(5)).waitFor();
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole('button', { name: steps.toPackages }).click();

  await page.waitForURL(`${base}/quote/products`);
  await page.getByRole('heading', { name: steps.products, level: 1 }).waitFor();
  await screenshot(page, `application-${tag}-2-products`);
  await page.getByRole('button', { name: steps.chooseStandard }).click();

  await page.waitForURL(`${base}/quote/coverage`);
  await page.getByRole('heading', { name: steps.coverage, level: 1 }).waitFor();
  await screenshot(page, `application-${tag}-3-coverage`);
  expect(await seriousA11yProblems(page)).toEqual([]);
  // Arizona asks for uninsured motorist cover to be selected or rejected: the customer keeps it.
  await Promise.all([
    page.waitForResponse((res) => res.url().endsWith('/coverage') && res.request().method() === 'PUT'),
    page.getByRole('radio', { name: steps.selectUninsured }).check(),
  ]);
  await page.getByRole('button', { name: steps.toPayment }).click();

  await page.waitForURL(`${base}/quote/payment`);
  await page.getByRole('heading', { name: text.payment, level: 1 }).waitFor();
  await fillCard(page, text, '4242 4242 4242 4242');
  await sign(page, text, 'Ana García');
  const amount = (await page.getByTestId('due-today').locator('.due-today__amount').textContent())!.trim();
  await page.getByRole('button', { name: text.pay(amount) }).click();

  await page.waitForURL(new RegExp(`${text.prefix}/quote/purchased\\?policy=[0-9a-f-]{36}$`));
  await page.getByRole('heading', { name: text.covered, level: 1 }).waitFor();
  const href = (await page.getByRole('link', { name: new RegExp(text.idCard) }).getAttribute('href'))!;
  const pdf = await page.request.get(new URL(href, page.url()).toString());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screenshot(page, `application-${tag}-4-purchased`);
  return (await page.getByTestId('policy-number').textContent())!.trim();
}
