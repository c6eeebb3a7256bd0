import { buyThroughApi } from '../support/browser-policy';
import { PURCHASE_TEXTS, seriousA11yProblems, sign } from '../support/browser-purchase';
import { prepareQuote } from '../support/browser-quote';
import { desktopAndPhone, DANA, openSignedIn } from '../support/browser-staff';
import { browserTestEnvironment } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    prefix: '',
    title: 'Coverage turned down for you',
    intro: 'Your agent Dana Reyes turned down these coverages for you.',
    coverage: 'No uninsured and underinsured motorist coverage',
    chosen: /^Chosen with Dana Reyes on /,
    acknowledge: 'I reject uninsured and underinsured motorist coverage, and I sign this rejection.',
    error: 'Tick the box of each coverage turned down to sign it, or call us to add the coverage before you sign.',
    azQuestion: 'Arizona lets you turn down uninsured and underinsured motorist coverage (UM/UIM), but only in writing. Do you want it?',
    azReject: 'No, I reject uninsured and underinsured motorist coverage',
    azLimit: 'Uninsured and underinsured motorist, UM/UIM (per person / per accident, in $1,000s)',
  },
  es: {
    prefix: '/es',
    title: 'Coberturas rechazadas por ti',
    intro: 'Tu agente Dana Reyes rechazó estas coberturas por ti.',
    coverage: 'Sin cobertura de conductor sin seguro o con seguro insuficiente',
    chosen: /^Elegida con Dana Reyes el /,
    acknowledge: 'Rechazo la cobertura de conductor sin seguro o con seguro insuficiente, y firmo este rechazo.',
    error: 'Marca la casilla de cada cobertura rechazada para firmarla, o llámanos para agregar la cobertura antes de firmar.',
    azQuestion: 'Arizona te permite rechazar la cobertura de conductor sin seguro y con seguro insuficiente (UM/UIM), pero solo por escrito. ¿La quieres?',
    azReject: 'No, rechazo la cobertura de conductor sin seguro y con seguro insuficiente',
    azLimit: 'Conductor sin seguro y con seguro insuficiente, UM/UIM (por persona / por accidente, en miles de $)',
  },
};

/** As the agent's page: Arizona's uninsured motorist turned down on the customer's behalf (the coverage confirmed again). */
async function rejectUninsured(page: Page, quoteId: string): Promise<void> {
  await page.evaluate(async (id) => {
    const call = async (method: string, path: string, body: object) => {
      const res = await fetch(path, { method, headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
      if (!res.ok) throw new Error(`${method} ${path}: ${res.status} ${await res.text()}`);
      return res.json();
    };
    const { payload } = await (await fetch(`/api/quotes/${id}`)).json();
    await call('PUT', `/api/quotes/${id}/coverage`, {
      ...payload.coverage,
      uninsuredMotorist: null,
      choices: { ...payload.coverage.choices, uninsuredMotorist: 'reject' },
    });
    await call('POST', `/api/quotes/${id}/coverage/confirm`, {});
  }, quoteId);
}

/**
 * Issue 26, "Who chose a rejection": the review-and-sign screen of a staff sale lists each
 * coverage the agent turned down, in plain words, with its own box; the customer cannot sign
 * without ticking each, and the server records the signature of the rejection.
 */
describe("Who chose a rejection (issue 26): the review-and-sign screen shows and requires each rejection staff made; Arizona's UM/UIM words", () => {
  jest.setTimeout(120_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('lists the rejected coverage with its own box, refuses to sign without it, and binds once it is ticked', async () => {
      const purchase = PURCHASE_TEXTS[locale as keyof typeof PURCHASE_TEXTS];
      const customer = `rejection-sign-${locale.toLowerCase()}-${Date.now()}@example.com`;
      const agent = await openSignedIn(env, DANA);
      // Settled first: a change of hands racing the page's own session write could leave the
      // browser on the replaced session's cookie when its answers arrive out of order (CI 35).
      await agent.page.goto(`${env.app.url}${text.prefix}/agent`, { waitUntil: 'networkidle' });
      await agent.page.evaluate(async (email) => {
        const res = await fetch('/api/agent/on-behalf', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ email }) });
        if (!res.ok) throw new Error(`on-behalf: ${res.status}`);
      }, customer);
      const quoteId = await prepareQuote(agent.page, 'payment');
      await rejectUninsured(agent.page, quoteId);
      const policyId = await buyThroughApi(agent.page, quoteId, { startInDays: 1, signer: null });
      await agent.page.context().close();

      const { page, problems } = await openSignedIn(env, { email: customer });
      await page.goto(`${env.app.url}${text.prefix}/profile?confirm=${policyId}`);
      const review = page.getByRole('region', { name: purchase.review });
      await review.waitFor();
      const rejections = review.getByRole('group', { name: text.title });
      await rejections.getByText(text.intro, { exact: false }).waitFor();
      await rejections.getByRole('heading', { name: text.coverage, level: 4 }).waitFor();
      await rejections.getByText(text.chosen).waitFor();
      const box = rejections.getByRole('checkbox', { name: text.acknowledge });
      expect(await box.isChecked()).toBe(false);
      await desktopAndPhone(page, `rejection-sign-${locale}`, review);

      // Signed, but the rejection not ticked: refused on the page, nothing sent, nothing charged.
      await sign(page, purchase, 'Ana García');
      let confirms = 0;
      page.on('request', (req) => {
        if (req.url().endsWith(`/api/policies/${policyId}/confirm`)) confirms += 1;
      });
      await review.getByRole('button', { name: /\$\d/ }).click();
      await rejections.getByText(text.error).waitFor();
      expect(await box.getAttribute('aria-invalid')).toBe('true');
      expect(confirms).toBe(0);
      expect(await seriousA11yProblems(page)).toEqual([]);
      await desktopAndPhone(page, `rejection-sign-${locale}-refused`, review);

      await box.check();
      const confirmed = page.waitForResponse((res) => res.url().endsWith(`/api/policies/${policyId}/confirm`));
      await review.getByRole('button', { name: /\$\d/ }).click();
      expect((await confirmed).status()).toBe(200);
      const [row] = await queryRows<{ status: string; chosen_by: string; signed: boolean }>(
        env.app,
        `SELECT p.status, r.chosen_by, r.signed_at IS NOT NULL AS signed FROM policies p JOIN coverage_rejections r ON r.quote_id = p.quote_id WHERE p.id = $1`,
        [policyId],
      );
      expect(row).toEqual({ status: 'active', chosen_by: 'staff', signed: true });
      expect(problems).toEqual([]);
      await page.context().close();
    });

    it("names Arizona's underinsured part on the coverage page (A.R.S. § 20-259.01)", async () => {
      const { page, problems } = await openSignedIn(env, { email: `az-uim-${locale.toLowerCase()}-${Date.now()}@example.com` });
      await page.goto(`${env.app.url}${text.prefix}/`);
      await prepareQuote(page, 'payment');
      await page.goto(`${env.app.url}${text.prefix}/quote/coverage`);
      await page.getByRole('group', { name: text.azQuestion }).waitFor();
      await page.getByRole('radio', { name: text.azReject }).waitFor();
      await page.getByLabel(text.azLimit, { exact: true }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });
});
