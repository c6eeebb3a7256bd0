import { applicationToPolicy } from '../support/browser-application';
import { focusedInvalidField, focusedOn } from '../support/browser-focus';
import { screenshotOf } from '../support/browser-purchase';
import { nextStep, QUOTE_TEXTS } from '../support/browser-quote-steps';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    ...QUOTE_TEXTS['en-US'],
    estimator: {
      zip: 'ZIP code',
      age: 'Your age',
      miles: 'Miles a month',
      submit: 'Estimate my price',
      result: /About \$[\d.]+ a month plus [\d.]+¢ a mile/,
      cta: 'Get your exact price',
      zipError: 'Enter a 5-digit ZIP code.',
    },
    yearError: 'Choose the model year.',
    back: 'Back',
    anyIncidents: 'No',
    slider: 'Try other miles a month',
    why: 'Why this price?',
    breakdown: /How your price is made/,
    estimate: /About \$[\d.,]+ a month at 1,200 miles/,
    notServed: "We're not in New York yet",
    tooYoung: 'Drivers must be at least 16.',
    notLatin: "Write this in Latin letters, as on a US driver's license; accents are fine (é, ñ, ł, ễ).",
  },
  es: {
    ...QUOTE_TEXTS.es,
    estimator: {
      zip: 'Código postal',
      age: 'Tu edad',
      miles: 'Millas al mes',
      submit: 'Estimar mi precio',
      result: /Unos \$[\d.]+ al mes más [\d.]+¢ por milla/,
      cta: 'Obtén tu precio exacto',
      zipError: 'Escribe un código postal de 5 dígitos.',
    },
    yearError: 'Elige el año del modelo.',
    back: 'Atrás',
    anyIncidents: 'No',
    slider: 'Prueba otras millas al mes',
    why: '¿Por qué este precio?',
    breakdown: /Cómo se calcula tu precio/,
    estimate: /Unos \$[\d.,]+ al mes con 1,200 millas/,
    notServed: 'Aún no estamos en Nueva York',
    tooYoung: 'Quien maneja debe tener al menos 16 años.',
    notLatin: 'Escríbelo con letras latinas, como en una licencia de conducir de EE. UU.; los acentos están bien (é, ñ, ł, ễ).',
  },
};
type Texts = (typeof TEXTS)['en-US'] | (typeof TEXTS)['es'];

/** From /quote to the driver step (an Arizona ZIP and a 2019 Honda Civic), then the driver as given. */
async function fillUpToDriver(page: Page, text: Texts, driver: { first: string; last: string; birthDate: string }): Promise<void> {
  await page.getByLabel(text.zip).fill('85004');
  await nextStep(page, text, 2);
  await page.getByLabel(text.year, { exact: true }).selectOption('2019');
  await page.getByLabel(text.make, { exact: true }).selectOption('Honda');
  await page.getByLabel(text.model, { exact: true }).selectOption('Civic');
  await nextStep(page, text, 3);
  await page.getByLabel(text.firstName).fill(driver.first);
  await page.getByLabel(text.lastName).fill(driver.last);
  await page.getByLabel(text.birthDate).fill(driver.birthDate);
  await page.getByLabel(text.female).check();
  await page.getByLabel(text.yearsLicensed).fill('8');
  await page.getByLabel(text.insured).selectOption('over-3-years');
  await page.getByRole('button', { name: text.next, exact: true }).click();
}

describe('Getting a quote in the browser', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('fills the form, shows the price and why, resumes after a reload, continues through sign-in with the quote, and buys it: /quote to /quote/purchased', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      const base = `${env.app.url}${text.prefix}`;
      await page.goto(`${base}/quote`);

      await fillUpToDriver(page, text, { first: 'Ana', last: 'García', birthDate: '2015-01-01' });
      // Checked in the browser before anything is sent, in the visitor's language.
      await page.getByText(text.tooYoung).waitFor();
      await page.getByLabel(text.birthDate).fill('1990-06-15');
      await nextStep(page, text, 4);

      await page.getByLabel(text.anyIncidents, { exact: true }).check();
      await nextStep(page, text, 5);
      // Rated as soon as the answers allow: the price is on screen before the miles.
      const baseRate = await page.getByTestId('base-rate').textContent();
      expect(baseRate).toMatch(/\d/);

      // A reload resumes where the visitor was, with the price.
      await page.reload();
      await page.getByText(text.step(5)).waitFor();
      expect(await page.getByTestId('base-rate').textContent()).toBe(baseRate);

      await page.getByLabel(text.miles, { exact: true }).fill('600');
      await nextStep(page, text, 6);
      await page.getByLabel(text.slider).fill('1200');
      await page.getByText(text.estimate).waitFor();
      await page.getByRole('button', { name: text.why }).click();
      await page.getByRole('table', { name: text.breakdown }).waitFor();

      // The browser's back and forward buttons move between steps, and every answer is kept.
      for (let i = 0; i < 3; i++) await page.goBack();
      await page.getByText(text.step(3)).waitFor();
      expect(await page.getByLabel(text.firstName).inputValue()).toBe('Ana');
      for (let i = 0; i < 3; i++) await page.goForward();
      await page.getByText(text.step(6)).waitFor();
      // So does the form's own Back.
      await page.getByRole('button', { name: text.back }).click();
      await page.getByText(text.step(5)).waitFor();
      expect(await page.getByLabel(text.miles, { exact: true }).inputValue()).toBe('600');
      await nextStep(page, text, 6);

      const quoteId = await page.evaluate(async () => (await (await fetch('/api/quotes/current')).json()).payload.id);
      const email = `quoter-${locale.toLowerCase()}@example.com`;
      await page.getByLabel(text.emailLabel).fill(email);
      await page.getByRole('button', { name: text.sendLink }).click();
      await page.getByRole('heading', { name: text.check }).waitFor();

      // Read the link in the local mailbox, as a newcomer does, and follow it.
      await page.goto(`${env.app.url}/dev/mailbox`);
      await page.getByRole('row').filter({ hasText: email }).first().getByRole('link').click();
      const link = /(http\S+#code=\S+)/.exec((await page.locator('.mail-text').textContent()) ?? '')![1];
      await page.goto(link);
      await page.getByRole('button', { name: new RegExp(`^${text.continuePrefix} `) }).click();
      await page.waitForURL(`${base}/quote/application`);
      const attached = await page.evaluate(async () => (await (await fetch('/api/quotes/current')).json()).payload);
      expect(attached).toMatchObject({ id: quoteId, answers: { email, zip: '85004' } });

      // And on, page by page, to the policy bought with its ID card.
      expect(await applicationToPolicy(page, base, locale as 'en-US' | 'es')).toMatch(/^MP-AZ-\d{7}$/);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    it("prices on Home's estimator with the same engine, and carries the ZIP into the quote", async () => {
      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${env.app.url}${text.prefix || '/'}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      const form = page.locator('.estimator');
      await form.getByLabel(text.estimator.zip, { exact: true }).fill('60601');
      await form.getByLabel(text.estimator.age).fill('42');
      await form.getByLabel(text.estimator.miles).fill('500');
      await form.getByRole('button', { name: text.estimator.submit }).click();
      await page.getByText(text.estimator.result).waitFor();
      await page.getByRole('link', { name: text.estimator.cta }).click();
      await page.waitForURL(`${env.app.url}${text.prefix}/quote?zip=60601`);
      expect(await page.getByLabel(text.zip).inputValue()).toBe('60601');
      // Reached by a link inside the site: the first step's heading takes the focus (not <body>).
      expect((await focusedOn(page, '#quote-step-title')).tag).toBe('h2');
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('with the keyboard alone: a refused estimate or step focuses the field that says why, an estimate its answer', async () => {
      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${env.app.url}${text.prefix || '/'}`);
      await page.locator('html[data-hydrated]').waitFor({ state: 'attached' });
      // Enter on the button with no ZIP: the focus does not stay there, it moves to the ZIP and its message.
      await page.locator('.estimator').getByRole('button', { name: text.estimator.submit }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedInvalidField(page)).toMatchObject({ label: text.estimator.zip, invalid: true, describedBy: text.estimator.zipError });
      await screenshotOf(page.locator('.estimator'), `estimator-refused-focus-phone-${locale.toLowerCase()}`);
      await page.keyboard.type('60601');
      await page.keyboard.press('Enter');
      expect((await focusedOn(page, '.estimator__figures')).text).toMatch(text.estimator.result);
      await screenshotOf(page.locator('.estimator'), `estimator-answer-focus-phone-${locale.toLowerCase()}`);

      await page.goto(`${env.app.url}${text.prefix}/quote`);
      await page.getByLabel(text.zip).waitFor();
      // Loaded by the browser, the page starts at its top: the first step's heading is not focused;
      // the next step's is, once the visitor moves on.
      expect(await page.evaluate(() => document.activeElement?.id ?? '')).not.toBe('quote-step-title');
      await page.getByLabel(text.zip).fill('85004');
      await nextStep(page, text, 2);
      expect((await focusedOn(page, '#quote-step-title')).tag).toBe('h2');
      await page.getByRole('button', { name: text.next, exact: true }).focus();
      await page.keyboard.press('Enter');
      expect(await focusedInvalidField(page)).toMatchObject({ tag: 'select', label: text.year, invalid: true, describedBy: text.yearError });
      await screenshotOf(page.locator('.quote-step'), `quote-step-refused-focus-phone-${locale.toLowerCase()}`);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('asks for a name in another script in Latin letters at the field, and takes every accent', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      await page.goto(`${env.app.url}${text.prefix}/quote`);
      await fillUpToDriver(page, text, { first: 'محمد', last: 'כהן', birthDate: '1990-06-15' });
      // Beside each field, in the visitor's language, before anything is sent.
      await page.getByText(text.notLatin).nth(1).waitFor();
      expect(await page.getByText(text.notLatin).count()).toBe(2);

      await page.getByLabel(text.firstName).fill('Łukasz');
      await page.getByLabel(text.lastName).fill('Nguyễn Ødegård');
      await nextStep(page, text, 4);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });

    it('tells a visitor outside the states we sell in, and takes an e-mail for when we arrive', async () => {
      const { page } = await openWatchedPage(env.browser, { viewport: { width: 390, height: 844 } });
      await page.goto(`${env.app.url}${text.prefix}/quote`);
      await page.getByLabel(text.zip).fill('10001');
      await page.getByRole('button', { name: text.next, exact: true }).click();
      await page.getByRole('heading', { name: text.notServed }).waitFor();
      await page.getByLabel(text.emailLabel).fill(`waiting-${locale.toLowerCase()}@example.com`);
      await page.getByRole('button', { name: /Tell me|Avísenme/ }).click();
      await page.getByRole('status').waitFor();
      await page.context().close();
    });
  });
});
