import { screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS, signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { ADDRESS } from '../support/purchase-flow';
import { GOOD_ANSWERS } from '../support/quote-fixtures';
import { identificationFor } from '../support/vin-for';
import type { Page } from 'playwright-core';

/** What the coverage page says, in each locale (the locale files' words). */
const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    title: 'quote-coverage:title',
    comprehensive: 'quote-coverage:coverages.comprehensiveDeductible.label',
    collision: 'quote-coverage:coverages.collisionDeductible.label',
    none: 'quote-coverage:none',
    comesBack: 'quote-coverage:collisionComesBack',
    next: 'quote-coverage:next',
    payment: 'quote-payment:title',
    selectUm: 'quote-coverage:choice.select.uninsuredMotorist',
    rejectPip: 'quote-coverage:choice.reject.personalInjuryProtection',
    pip: 'quote-coverage:coverages.personalInjuryProtection.label',
    answer: 'quote-coverage:choice.required',
    chooseOne: 'quote-coverage:choice.requiredOption',
    fullTort: 'quote-coverage:choice.full.tortOption',
    unstacked: 'quote-coverage:choice.unstacked.uninsuredMotoristStacking',
    um: 'quote-coverage:coverages.uninsuredMotorist.label',
    lowerRequest: 'quote-coverage:choice.requested.uninsuredMotoristLowerLimits',
    tickToKeep: 'quote-coverage:choice.requiredRequest',
  },
  {
    'en-US': {
      deductible: (amount: string) => `${amount} deductible`,
      askedFirst: /^Your state asks you to make some coverage choices in writing/,
      umLimit: (limits: string) => `${limits} (in $1,000s)`,
      lowerLegend: /^In Illinois, uninsured motorist limits are the same as your bodily injury liability limits \(50\/100 in \$1,000s\)/,
    },
    es: {
      deductible: (amount: string) => `Deducible de ${amount}`,
      askedFirst: /^Tu estado te pide hacer por escrito algunas elecciones de cobertura/,
      umLimit: (limits: string) => `${limits} (en miles de $)`,
      lowerLegend:
        /^En Illinois, los límites de conductor sin seguro son iguales a tus límites de responsabilidad civil por lesiones \(50\/100 en miles de \$\)/,
    },
  },
);

/** Through the API, as the page's session: a quote in the ZIP's state (Texas unless told) with its application (VIN and license included) done and Standard chosen. */
async function quoteAtCoverage(page: Page, where = { zip: '75001', city: 'Addison' }): Promise<void> {
  await page.evaluate(
    async ({ answers, address, identification }) => {
      const call = async (method: string, path: string, body: object) => {
        const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const { payload } = await call('POST', '/api/quotes', answers);
      await call('PUT', `/api/quotes/${payload.id}/application/address`, address);
      await call('PUT', `/api/quotes/${payload.id}/application/drivers`, { drivers: [] });
      await call('PUT', `/api/quotes/${payload.id}/application/vehicles`, { vehicles: [] });
      await call('PUT', `/api/quotes/${payload.id}/application/identification`, identification);
      await call('PUT', `/api/quotes/${payload.id}/application/history`, { priorInsurance: 'over-3-years' });
      await call('PUT', `/api/quotes/${payload.id}/package`, { package: 'standard' });
    },
    { answers: { ...GOOD_ANSWERS, zip: where.zip }, address: { ...ADDRESS, city: where.city }, identification: identificationFor(GOOD_ANSWERS) },
  );
}

describe('The coverage page: what depends on what, and what the state asks', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    const tag = locale.toLowerCase();

    it('keeps the price legible while a change is priced: no accessibility finding while the summary is busy', async () => {
      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      await signInByCookie(page, env.app, { email: `coverage-busy-${tag}@example.com` }, `${text.prefix}/about-us`);
      await quoteAtCoverage(page);
      await page.goto(`${env.app.url}${text.prefix}/quote/coverage`);
      await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
      // The change's answer is held, so the page stays in its "being priced" state while axe looks.
      let release!: () => void;
      const held = new Promise<void>((resolve) => (release = resolve));
      await page.route('**/coverage', async (route) => {
        if (route.request().method() === 'PUT') await held;
        await route.continue();
      });
      await page.getByLabel(text.collision, { exact: true }).selectOption({ label: text.deductible('$250') });
      await page.locator('.quote-summary[aria-busy="true"]').waitFor();
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `coverage-rules-${tag}-busy`);
      const answered = saved(page);
      release();
      await answered;
      await page.locator('.quote-summary:not([aria-busy])').waitFor();
      await page.unroute('**/coverage');
      expect(problems).toEqual([]);
    });

    it.each([
      ['desktop', { viewport: { width: 1280, height: 800 } }],
      ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
    ] as const)("says why collision goes with comprehensive and brings it back, and asks Texas' choices before Continue (%s)", async (device, options) => {
      const { page, problems } = await openWatchedPage(env.browser, options);
      await signInByCookie(page, env.app, { email: `coverage-${tag}-${device}@example.com` }, `${text.prefix}/about-us`);
      await quoteAtCoverage(page);
      await page.goto(`${env.app.url}${text.prefix}/quote/coverage`);
      await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
      const comprehensive = page.getByLabel(text.comprehensive, { exact: true });
      const collision = page.getByLabel(text.collision, { exact: true });
      const note = page.getByTestId('collision-note');
      expect(await note.getAttribute('role')).toBe('status');
      expect((await note.textContent())?.trim()).toBe('');

      // Standard: collision with a $1,000 deductible; a $250 collision deductible is chosen first.
      await Promise.all([saved(page), collision.selectOption({ label: text.deductible('$250') })]);
      await Promise.all([saved(page), comprehensive.selectOption({ label: text.none })]);
      await noteReads(page, text.comesBack);
      expect(await collision.isDisabled()).toBe(true);
      expect(await collision.inputValue()).toBe('none');
      await screenshot(page, `coverage-rules-${tag}-${device}-1-collision-note`);

      await Promise.all([saved(page), comprehensive.selectOption({ label: text.deductible('$500') })]);
      expect(await collision.inputValue()).toBe('250');
      expect(await collision.isDisabled()).toBe(false);
      await noteReads(page, '');

      // Texas asks for uninsured motorist and PIP to be selected or rejected: Continue waits for both.
      await page.getByRole('button', { name: text.next }).click();
      await page.getByText(text.askedFirst).waitFor();
      expect(await page.getByText(text.answer, { exact: true }).count()).toBe(2);
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('choice-uninsuredMotorist');
      expect(page.url()).toMatch(/\/quote\/coverage$/);
      await screenshot(page, `coverage-rules-${tag}-${device}-2-choices-asked`);

      await page.getByRole('radio', { name: text.selectUm }).check();
      await page.waitForFunction((answer) => [...document.querySelectorAll('.field__error')].filter((e) => e.textContent === answer).length === 1, text.answer);
      await Promise.all([saved(page), page.getByRole('radio', { name: text.rejectPip }).check()]);
      // Rejected, PIP's limit is no longer offered.
      expect(await page.getByLabel(text.pip, { exact: true }).count()).toBe(0);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `coverage-rules-${tag}-${device}-3-choices-answered`);
      await page.getByRole('button', { name: text.next }).click();
      await page.waitForURL(/\/quote\/payment$/);
      await page.getByRole('heading', { name: text.payment, level: 1 }).waitFor();
      expect(problems).toEqual([]);
    });

    it("asks Pennsylvania's tort option and stacking, and Continue waits for them", async () => {
      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      await signInByCookie(page, env.app, { email: `coverage-pa-${tag}@example.com` }, `${text.prefix}/about-us`);
      await quoteAtCoverage(page, { zip: '19103', city: 'Philadelphia' });
      await page.goto(`${env.app.url}${text.prefix}/quote/coverage`);
      await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
      await page.getByRole('button', { name: text.next }).click();
      await page.getByText(text.askedFirst).waitFor();
      expect(await page.getByText(text.answer, { exact: true }).count()).toBe(1);
      expect(await page.getByText(text.chooseOne, { exact: true }).count()).toBe(2);
      expect(page.url()).toMatch(/\/quote\/coverage$/);
      await screenshot(page, `coverage-rules-${tag}-pa-1-asked`);

      await Promise.all([saved(page), page.getByRole('radio', { name: text.selectUm }).check()]);
      await Promise.all([saved(page), page.getByRole('radio', { name: text.unstacked }).check()]);
      await Promise.all([saved(page), page.getByRole('radio', { name: text.fullTort }).check()]);
      await page.waitForFunction(() => document.querySelectorAll('.field__error').length === 0);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await page.setViewportSize({ width: 390, height: 844 });
      await screenshot(page, `coverage-rules-${tag}-pa-2-answered-phone`);
      await page.getByRole('button', { name: text.next }).click();
      await page.waitForURL(/\/quote\/payment$/);
      expect(problems).toEqual([]);
    });

    it.each([
      ['desktop', { viewport: { width: 1280, height: 800 } }],
      ['phone', { viewport: { width: 390, height: 844 }, isMobile: true, hasTouch: true, deviceScaleFactor: 2 }],
    ] as const)("asks Illinois' written request only while uninsured motorist is below liability, and Continue waits for it (%s)", async (device, options) => {
      const { page, problems } = await openWatchedPage(env.browser, options);
      await signInByCookie(page, env.app, { email: `coverage-il-${tag}-${device}@example.com` }, `${text.prefix}/about-us`);
      await quoteAtCoverage(page, { zip: '60601', city: 'Chicago' });
      await page.goto(`${env.app.url}${text.prefix}/quote/coverage`);
      await page.getByRole('heading', { name: text.title, level: 1 }).waitFor();
      const request = page.getByRole('checkbox', { name: text.lowerRequest });
      const um = page.getByLabel(text.um, { exact: true });
      // Standard: uninsured motorist 50/100 with liability 50/100/50, nothing to ask.
      expect(await request.count()).toBe(0);
      await Promise.all([saved(page), um.selectOption({ label: text.umLimit('25/50') })]);
      await request.waitFor();
      expect(await request.isChecked()).toBe(false);
      await page.getByText(text.lowerLegend).waitFor();
      await page.getByRole('button', { name: text.next }).click();
      await page.getByText(text.tickToKeep, { exact: true }).waitFor();
      expect(await page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.name)).toBe('choice-uninsuredMotoristLowerLimits');
      expect(page.url()).toMatch(/\/quote\/coverage$/);
      await screenshot(page, `coverage-rules-${tag}-${device}-il-1-request-asked`);

      // Raised back to liability's limits, the question goes away; lowered again, it is asked again.
      await Promise.all([saved(page), um.selectOption({ label: text.umLimit('50/100') })]);
      expect(await request.count()).toBe(0);
      await Promise.all([saved(page), um.selectOption({ label: text.umLimit('30/60') })]);
      const answered = saved(page);
      await request.check();
      expect((await (await answered).json()).payload.coverage.choices).toEqual({ uninsuredMotoristLowerLimits: 'requested' });
      await page.waitForFunction(() => document.querySelectorAll('.field__error').length === 0);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await screenshot(page, `coverage-rules-${tag}-${device}-il-2-request-made`);
      await page.getByRole('button', { name: text.next }).click();
      await page.waitForURL(/\/quote\/payment$/);
      expect(problems).toEqual([]);
    });
  });
});

/** The next answer to a coverage change. */
function saved(page: Page) {
  return page.waitForResponse((res) => res.url().endsWith('/coverage') && res.request().method() === 'PUT');
}

/** Waits until the collision note reads `expected`. */
async function noteReads(page: Page, expected: string): Promise<void> {
  await page.waitForFunction((want) => document.querySelector('[data-testid="collision-note"]')?.textContent?.trim() === want, expected);
}
