import { LOGIN_TEXTS } from './browser-sign-in';
import type { Page } from 'playwright-core';

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
