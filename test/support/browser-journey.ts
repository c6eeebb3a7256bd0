import type { Page } from 'playwright-core';
import { LOGIN_TEXTS } from './browser-sign-in';
import { fillCard, PURCHASE_TEXTS, screenshot, seriousA11yProblems, sign } from './browser-purchase';
import { STEP_TEXTS } from './browser-application';
import { vinFor } from './vin-for';

/** The words of /quote's six steps, in each locale (the locale files' words, so a change shows here). */
export const QUOTE_TEXTS = {
  'en-US': {
    ...LOGIN_TEXTS['en-US'],
    zip: 'ZIP code',
    next: 'Continue',
    year: 'Model year',
    make: 'Make',
    model: 'Model',
    firstName: 'First name',
    lastName: 'Last name',
    birthDate: 'Date of birth',
    female: 'Female',
    yearsLicensed: 'Years licensed',
    insured: 'Are you insured today?',
    noIncidents: 'No',
    miles: 'Miles a month',
    emailLabel: 'E-mail address',
    sendLink: 'E-mail me a link to continue',
    toApplication: 'Continue to your application',
    step: (n: number) => `Step ${n} of 6`,
  },
  es: {
    ...LOGIN_TEXTS.es,
    zip: 'Código postal (ZIP)',
    next: 'Continuar',
    year: 'Año del modelo',
    make: 'Marca',
    model: 'Modelo',
    firstName: 'Nombre',
    lastName: 'Apellido',
    birthDate: 'Fecha de nacimiento',
    female: 'Femenino',
    yearsLicensed: 'Años con licencia',
    insured: '¿Tienes seguro de auto hoy?',
    noIncidents: 'No',
    miles: 'Millas al mes',
    emailLabel: 'Correo electrónico',
    sendLink: 'Envíame un enlace para continuar',
    toApplication: 'Continuar con tu solicitud',
    step: (n: number) => `Paso ${n} de 6`,
  },
};
export type QuoteTexts = (typeof QUOTE_TEXTS)['en-US'] | (typeof QUOTE_TEXTS)['es'];

export async function nextStep(page: Page, text: QuoteTexts, step: number): Promise<void> {
  await page.getByRole('button', { name: text.next, exact: true }).click();
  await page.getByText(text.step(step), { exact: false }).waitFor();
}

/** /quote from the car to the e-mail step (the ZIP already typed): a 2019 Honda Civic, Ana García, no incidents, 600 miles. */
export async function quoteAfterZip(page: Page, text: QuoteTexts): Promise<void> {
  await page.getByLabel(text.year, { exact: true }).selectOption('2019');
  await page.getByLabel(text.make, { exact: true }).selectOption('Honda');
  await page.getByLabel(text.model, { exact: true }).selectOption('Civic');
  await nextStep(page, text, 3);
  await page.getByLabel(text.firstName, { exact: true }).fill('Ana');
  await page.getByLabel(text.lastName, { exact: true }).fill('García');
  await page.getByLabel(text.birthDate, { exact: true }).fill('1990-06-15');
  await page.getByLabel(text.female).check();
  await page.getByLabel(text.yearsLicensed, { exact: true }).fill('8');
  await page.getByLabel(text.insured).selectOption('over-3-years');
  await nextStep(page, text, 4);
  await page.getByLabel(text.noIncidents, { exact: true }).check();
  await nextStep(page, text, 5);
  await page.getByLabel(text.miles, { exact: true }).fill('600');
  await nextStep(page, text, 6);
}

/** Where the customer lives and what their state asks, for the application and the coverage page. */
export interface Household {
  line1: string;
  city: string;
  license: { state: string; number: string };
  /** The select/reject questions the state asks, each answered "select". */
  choices: ('uninsuredMotorist' | 'personalInjuryProtection')[];
}

export const TEXAS: Household = { line1: '1100 Congress Ave', city: 'Austin', license: { state: 'TX', number: '24681357' }, choices: ['uninsuredMotorist', 'personalInjuryProtection'] };

const SELECT_PIP = { 'en-US': 'Yes, I select personal injury protection', es: 'Sí, elijo la protección contra lesiones personales' };

/**
 * From /quote/application to the payment page, as a customer (or staff for them) does it: the
 * address, no other drivers or cars, the car's VIN and the driver's license, the history,
 * Standard, and every question the state asks answered "select".
 */
export async function applicationToPayment(page: Page, base: string, locale: 'en-US' | 'es', household: Household, tag: string): Promise<void> {
  const steps = STEP_TEXTS[locale];
  await page.getByRole('heading', { name: steps.application, level: 1 }).waitFor();
  await page.getByLabel(steps.line1, { exact: true }).fill(household.line1);
  await page.getByLabel(steps.city, { exact: true }).fill(household.city);
  await page.getByRole('button', { name: steps.next, exact: true }).click();
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
