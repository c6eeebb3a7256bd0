import { randomUUID } from 'node:crypto';
import { backdatePolicy } from '../support/backdate-policy';
import { screenshot, seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS, signInThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeTexts } from '../support/locale-texts';
import { cardToken, purchaseBody, readyToPay } from '../support/purchase-flow';
import { dayFromToday } from '../support/quote-fixtures';
import { signIn, uniqueEmail } from '../support/sign-in';

/** A 1×1 PNG: the odometer photo sent with the dispute. */
const PNG = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    title: 'agent:review.title',
    readings: 'agent:review.readingsTitle',
    flag: 'agent:review.flags.OVER_1000_MILES_A_DAY',
    miles: 'agent:review.milesLabel',
    note: 'agent:review.noteLabel',
    accept: 'agent:review.accept',
    milesError: 'agent:review.errors.miles',
  },
  {
    'en-US': {
      photo: 'View photo (opens in a new tab)',
      accepted: /^Accepted: 15 miles now count for .+\. The customer has been e-mailed\.$/,
    },
    es: {
      photo: 'Ver foto (se abre en una pestaña nueva)',
      accepted: /^Aceptada: ahora cuentan 15 millas para el .+\. Le enviamos un correo al cliente\.$/,
    },
  },
);

describe('Staff deciding a disputed day in the browser', () => {
  jest.setTimeout(120_000);

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    // One app per locale: the agent signs in once per app (one link a minute per address).
    const env = browserTestEnvironment({ SEED_DEMO: 'true' });
    const day = dayFromToday(-3);
    let customer: Awaited<ReturnType<typeof signIn>>;
    let policyId: string;

    /** A customer of Dana's (MTR-1001) who disputes a day, claiming 12 miles, with a photo, and whose odometer jumped. */
    beforeAll(async () => {
      customer = await signIn(env.app, uniqueEmail(`dispute-${locale.toLowerCase()}`));
      const quoteId = await readyToPay(customer);
      const bought = await customer
        .post('/api/policies')
        .set('Idempotency-Key', randomUUID())
        .send(purchaseBody(quoteId, await cardToken(customer)))
        .expect(201);
      policyId = bought.body.payload.policy.id;
      await backdatePolicy(env.app, policyId, 10, { producer_id: 'MTR-1001' });
      await customer
        .post(`/api/policies/${policyId}/miles/disputes`)
        .send({ vehicleIndex: 0, day, reason: 'I only drove to the shop and back.', claimedMiles: 12, photo: PNG })
        .expect(201);
      const readAt = (days: number) => new Date(Date.now() - days * 86_400_000).toISOString();
      await customer
        .post(`/api/policies/${policyId}/odometer`)
        .send({ vehicleIndex: 0, reading: 20_000, readAt: readAt(8) })
        .expect(201);
      await customer
        .post(`/api/policies/${policyId}/odometer`)
        .send({ vehicleIndex: 0, reading: 29_000, readAt: readAt(7), photo: PNG })
        .expect(201);
    });

    it('lists the flagged reading and the dispute, opens the photo in a new tab, and accepts the dispute with the miles to bill', async () => {
      const { page, problems } = await openWatchedPage(env.browser);
      await signInThroughMailbox(page, env.app.url, 'agent@meterly.test', text);
      await page.goto(`${env.app.url}${text.prefix}/agent`);
      await page.getByRole('heading', { name: text.title }).waitFor();
      await page.getByRole('heading', { name: text.readings }).waitFor();
      await page.getByRole('listitem').filter({ hasText: text.flag }).getByRole('link', { name: text.photo }).waitFor();

      const dispute = page.getByRole('listitem').filter({ hasText: 'I only drove to the shop and back.' });
      await dispute.waitFor();
      expect(await dispute.textContent()).toContain('2019 Honda Civic');
      const miles = dispute.getByLabel(text.miles);
      expect(await miles.inputValue()).toBe('12');

      // The photo opens on its own in a new tab, as the image it is.
      const link = dispute.getByRole('link', { name: text.photo });
      expect(await link.getAttribute('target')).toBe('_blank');
      const [photo, shown] = await Promise.all([
        page.context().waitForEvent('page'),
        page.context().waitForEvent('response', (res) => res.url().endsWith('/photo')),
        link.click(),
      ]);
      expect([shown.status(), shown.headers()['content-type'], shown.headers()['cache-control']]).toEqual([200, 'image/png', 'private, no-store']);
      await photo.close();

      await screenshot(page, `miles-review-form-${locale}`);
      // Accepting needs the miles.
      await miles.fill('');
      await dispute.getByRole('button', { name: text.accept }).click();
      await dispute.getByText(text.milesError).waitFor();
      await miles.fill('15');
      await dispute.getByLabel(text.note).fill(locale === 'es' ? 'La foto lo confirma.' : 'The photo confirms it.');
      await dispute.getByRole('button', { name: text.accept }).click();
      await dispute.getByRole('status').getByText(text.accepted).waitFor();
      expect(await dispute.getByRole('button', { name: text.accept }).count()).toBe(0);
      await screenshot(page, `miles-review-${locale}`);
      expect(await seriousA11yProblems(page)).toEqual([]);

      // The customer's day is now the accepted miles.
      const cars = (await customer.get(`/api/policies/${policyId}/miles?from=${day}&to=${day}`).expect(200)).body.payload;
      expect(cars[0].days).toEqual([{ date: day, miles: 15, billableMiles: 15, source: 'dispute' }]);
      expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await page.context().close();
    });
  });
});
