import { fillCard, PURCHASE_TEXTS, screenshot, seriousA11yProblems, sign } from './browser-purchase';
import { licenseFor, vinFor } from './vin-for';
import type { Page } from 'playwright-core';

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
    // Arizona names the underinsured part (issue 26): either wording, as the household's state has it.
    selectUninsured: /^Yes, I select uninsured (and underinsured )?motorist coverage$/,
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
    selectUninsured: /^Sí, elijo la cobertura de conductor sin seguro( y con seguro insuficiente)?$/,
    toPayment: 'Continuar al pago',
  },
};

/** Where the customer lives and what their state asks, for the application and the coverage page. */
export interface Household {
  line1: string;
  city: string;
  license: { state: string; number: string };
  /** The select/reject questions the state asks, each answered "select". */
  choices: ('uninsuredMotorist' | 'personalInjuryProtection')[];
}

export const ARIZONA: Household = { line1: '120 W Washington St', city: 'Phoenix', license: licenseFor(0), choices: ['uninsuredMotorist'] };
export const TEXAS: Household = {
  line1: '1100 Congress Ave',
  city: 'Austin',
  license: { state: 'TX', number: '24681357' },
  choices: ['uninsuredMotorist', 'personalInjuryProtection'],
};

const SELECT_PIP = { 'en-US': 'Yes, I select personal injury protection', es: 'Sí, elijo la protección contra lesiones personales' };

/**
 * From /quote/application to the payment page, as a customer (or staff for them) does it: the
 * address (with a reload between sections), no other drivers or cars, the quote's car's VIN
 * (a 2019 Honda Civic) and the driver's license, the history, Standard, and every question the
 * state asks answered "select"; axe checked on the coverage page.
 */
export async function applicationToPayment(page: Page, base: string, locale: 'en-US' | 'es', household: Household, tag: string): Promise<void> {
  const steps = STEP_TEXTS[locale];
  await page.getByRole('heading', { name: steps.application, level: 1 }).waitFor();
  await page.getByLabel(steps.line1, { exact: true }).fill(household.line1);
  await page.getByLabel(steps.city, { exact: true }).fill(household.city);
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
  await page.getByLabel(steps.licenseState, { exact: true }).selectOption(household.license.state);
  await page.getByLabel(steps.licenseNumber, { exact: true }).fill(household.license.number);
  await screenshot(page, `${tag}-identification`);
  await page.getByRole('button', { name: steps.next, exact: true }).click();
  await page.getByText(steps.part(5)).waitFor();
  await page.getByRole('button', { name: steps.toPackages }).click();

  await page.waitForURL(`${base}/quote/products`);
  await page.getByRole('button', { name: steps.chooseStandard }).click();
  await page.waitForURL(`${base}/quote/coverage`);
  await page.getByRole('heading', { name: steps.coverage, level: 1 }).waitFor();
  for (const choice of household.choices) {
    const label = choice === 'uninsuredMotorist' ? steps.selectUninsured : SELECT_PIP[locale];
    await Promise.all([
      page.waitForResponse((res) => res.url().endsWith('/coverage') && res.request().method() === 'PUT'),
      page.getByRole('radio', { name: label }).check(),
    ]);
  }
  await screenshot(page, `${tag}-coverage`);
  expect(await seriousA11yProblems(page)).toEqual([]);
  await page.getByRole('button', { name: steps.toPayment }).click();
  await page.waitForURL(`${base}/quote/payment`);
  await page.getByRole('heading', { name: PURCHASE_TEXTS[locale].payment, level: 1 }).waitFor();
}

/** The customer pays with 4242 and signs; answers the policy's id and number on /quote/purchased. */
export async function payAndSign(page: Page, locale: 'en-US' | 'es', signer: string): Promise<{ policyId: string; number: string }> {
  const text = PURCHASE_TEXTS[locale];
  await fillCard(page, text, '4242 4242 4242 4242');
  await sign(page, text, signer);
  const amount = (await page.getByTestId('due-today').locator('.due-today__amount').textContent())!.trim();
  await page.getByRole('button', { name: text.pay(amount) }).click();
  await page.waitForURL(new RegExp(`${text.prefix}/quote/purchased\\?policy=[0-9a-f-]{36}$`));
  await page.getByRole('heading', { name: text.covered, level: 1 }).waitFor();
  return { policyId: new URL(page.url()).searchParams.get('policy')!, number: (await page.getByTestId('policy-number').textContent())!.trim() };
}

/**
 * From /quote/application to /quote/purchased as an Arizona customer does it, then 4242 and a
 * signature. Answers the policy number; checks the ID card on the way.
 */
export async function applicationToPolicy(page: Page, base: string, locale: 'en-US' | 'es'): Promise<string> {
  const tag = `application-${locale.toLowerCase()}`;
  await applicationToPayment(page, base, locale, ARIZONA, tag);
  const { number } = await payAndSign(page, locale, 'Ana García');
  const href = (await page.getByRole('link', { name: new RegExp(PURCHASE_TEXTS[locale].idCard) }).getAttribute('href'))!;
  const pdf = await page.request.get(new URL(href, page.url()).toString());
  expect(pdf.headers()['content-type']).toBe('application/pdf');
  expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
  await screenshot(page, `${tag}-purchased`);
  return number;
}
