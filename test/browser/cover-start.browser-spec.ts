import { randomUUID } from 'node:crypto';
import { coverStartsAt, formatCoverStart } from '../../src/shared/policy/cover-start';
import { seriousA11yProblems } from '../support/browser-purchase';
import { LOGIN_TEXTS } from '../support/browser-sign-in';
import { desktopAndPhone } from '../support/browser-staff';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { localeText, localeTexts, type TestLocale } from '../support/locale-texts';
import { queryRows } from '../support/payment-fixtures';
import { pdfText } from '../support/pdf-text';
import { cardToken, purchaseBody, readyToPay } from '../support/purchase-flow';
import { dayFromToday } from '../support/quote-fixtures';
import { createSignedInCookie } from '../support/session-fixtures';
import { signIn, uniqueEmail } from '../support/sign-in';

const TEXTS = localeTexts(
  LOGIN_TEXTS,
  {
    claims: 'claims:title',
    report: 'claims:report',
    formTitle: 'claims:form.title',
    accident: 'claims:form.kinds.accident',
    when: 'claims:form.when',
    where: 'claims:form.where',
    what: 'claims:form.what',
    no: 'claims:form.no',
    sendClaim: 'claims:form.send',
    starts: 'policy:facts.effective',
  },
  {
    'en-US': { description: 'A pickup ran the red light and hit my passenger door.', coverBegins: 'Cover begins:' },
    es: { description: 'Una camioneta se pasó el semáforo en rojo y chocó la puerta del pasajero.', coverBegins: 'La cobertura empieza:' },
  },
);

/** "2026-11-24T17:30", `minutes` ago on this machine's clock (the browser's), as the form's picker takes it. */
function localMinutesAgo(minutes: number): string {
  const at = new Date(Date.now() - minutes * 60_000);
  return new Date(at.getTime() - at.getTimezoneOffset() * 60_000).toISOString().slice(0, 16);
}

/**
 * Issue 26: a policy bought now, starting today, covers from now. An accident half an hour
 * before the purchase is refused on the claim form with the moment cover began, in Arizona's
 * time; My account and the declarations show that moment.
 */
describe('Cover begins at the purchase: where a customer meets it', () => {
  jest.setTimeout(180_000);

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    const env = browserTestEnvironment({ SEED_DEMO: 'true' });

    it('refuses a claim for an accident before the purchase, naming when cover began, which My account and the declarations print', async () => {
      const email = uniqueEmail(`cover-${locale.toLowerCase()}`);
      const web = await signIn(env.app, email);
      const quoteId = await readyToPay(web);
      const bought = await web
        .post('/api/policies')
        .set('Idempotency-Key', randomUUID())
        .send(purchaseBody(quoteId, await cardToken(web), { startDate: dayFromToday(0) }))
        .expect(201);
      const policy = bought.body.payload.policy;
      await queryRows(env.app, `UPDATE users SET locale = $2 WHERE lower(email) = lower($1)`, [email, locale]);
      const from = coverStartsAt(policy)!;
      expect(from.toISOString()).toBe(policy.boundAt);
      const moment = formatCoverStart(from, 'AZ', locale);

      const { page, problems } = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
      await page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
      await page.goto(`${env.app.url}${text.prefix}/profile`);
      const section = page.getByRole('region', { name: text.claims });
      await section.waitFor();

      // My account's policy card: it starts at the purchase, in Arizona's time.
      const starts = page.locator('.policy-facts div').filter({ has: page.getByText(text.starts, { exact: true }) });
      expect(await starts.locator('dd').textContent()).toBe(moment);
      await desktopAndPhone(page, `cover-start-policy-card-${locale}`, page.locator('.policy-facts').first());

      await section.getByRole('button', { name: text.report }).click();
      const form = page.getByRole('form', { name: text.formTitle });
      await form.getByRole('radio', { name: text.accident }).check();
      await form.getByLabel(text.when).fill(localMinutesAgo(30));
      await form.getByLabel(text.where).fill('Camelback Rd and 24th St, Phoenix');
      await form.getByLabel(text.what, { exact: true }).fill(text.description);
      await form
        .getByRole('group', { name: /Was anyone hurt|¿Alguien resultó herido/ })
        .getByRole('radio', { name: text.no })
        .check();
      await form.getByRole('button', { name: text.sendClaim }).click();

      const refusal = localeText(locale as TestLocale, 'claims:errors.CLAIM_BEFORE_COVER').replace('{{moment}}', moment);
      await form.getByText(refusal).waitFor();
      // The refusal is the "when" field's: that field is marked and takes the focus.
      expect(await form.getByLabel(text.when).getAttribute('aria-invalid')).toBe('true');
      await desktopAndPhone(page, `cover-start-claim-refused-${locale}`, form);
      expect(await seriousA11yProblems(page)).toEqual([]);
      const [{ claims }] = await queryRows<{ claims: number }>(env.app, `SELECT count(*)::int AS claims FROM claims WHERE policy_id = $1`, [policy.id]);
      expect(claims).toBe(0);

      // The declarations, in the customer's language, print the same moment.
      const pdf = await page.evaluate(
        async ({ id, lang }) => {
          const res = await fetch(`/api/policies/${id}/documents/declarations.pdf?locale=${lang}`);
          return Array.from(new Uint8Array(await res.arrayBuffer()));
        },
        { id: policy.id, lang: locale },
      );
      expect(await pdfText(Buffer.from(pdf))).toContain(`${text.coverBegins} ${moment}`);
      // The refusal is the one failed request the browser reports, and nothing else went wrong.
      expect(problems).toEqual([expect.stringMatching(/^error: Failed to load resource: .* 422/)]);
    });
  });
});
