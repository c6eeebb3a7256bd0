import { focusedOn } from '../support/browser-focus';
import { customerWithPolicyInBrowser, policiesOf } from '../support/browser-policy';
import { PURCHASE_TEXTS, screenshot, screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import type { Page } from 'playwright-core';

/** The panel's and the page's words in each locale (src/client/locales/…/profile.json "proof", src/modules/proof-links/locales). */
const TEXTS = {
  'en-US': {
    panel: 'Share proof of insurance',
    make: /^Make a link/,
    madeLabel: /^Your link \(/,
    copy: 'Copy link',
    copied: 'Link copied.',
    live: 'Live links',
    expires: /Expires .+ · Opened: 0/,
    revoke: /^Revoke the link for/,
    revoked: /is revoked: it shows nothing now\.$/,
    pageTitle: 'Proof of insurance',
    pageExpires: /^This link expires on /,
    nothing: 'This link shows nothing',
  },
  es: {
    panel: 'Compartir comprobante de seguro',
    make: /^Crear un enlace/,
    madeLabel: /^Tu enlace \(/,
    copy: 'Copiar enlace',
    copied: 'Enlace copiado.',
    live: 'Enlaces activos',
    expires: /Vence el .+ · Abierto: 0/,
    revoke: /^Revocar el enlace de/,
    revoked: /está revocado: ya no muestra nada\.$/,
    pageTitle: 'Comprobante de seguro',
    pageExpires: /^Este enlace vence el /,
    nothing: 'Este enlace no muestra nada',
  },
};

const DESKTOP = { width: 1280, height: 800 };
const PHONE = { width: 390, height: 844 };

/**
 * Issue 27: the customer makes a share-proof link on My account, copies it, a lender opens it in a
 * browser of their own, the customer revokes it, and the lender's page shows nothing. Signed in
 * once, one policy bought through the API; English on a desktop, Spanish on a phone.
 */
describe('Share-proof links on My account (issue 27)', () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment();

  it('makes, copies, opens, and revokes a link: English on a desktop, Spanish on a phone', async () => {
    const { page, problems } = await customerWithPolicyInBrowser(env.browser, env.app.url, 'proof-links@example.com', PURCHASE_TEXTS['en-US']);
    await page.context().grantPermissions(['clipboard-read', 'clipboard-write'], { origin: env.app.url });
    const [{ number }] = await policiesOf(page);

    for (const [locale, viewport] of [
      ['en-US', DESKTOP],
      ['es', PHONE],
    ] as const) {
      const text = TEXTS[locale];
      const tag = `${locale.toLowerCase()}-${viewport === PHONE ? 'phone' : 'desktop'}`;
      await page.setViewportSize(viewport);
      await page.goto(`${env.app.url}${PURCHASE_TEXTS[locale].prefix}/profile`);
      const panel = page.getByRole('region', { name: text.panel });
      await panel.waitFor();

      // Made: the focus goes to the link, shown this once, to copy.
      await panel.getByRole('button', { name: text.make }).click();
      const made = await focusedOn(page, '.share-proof__made input');
      expect(made.label).toMatch(text.madeLabel);
      const url = await panel.locator('.share-proof__made input').inputValue();
      expect(new URL(url).pathname).toMatch(locale === 'es' ? /^\/es\/proof\/[A-Za-z0-9_-]{43}$/ : /^\/proof\/[A-Za-z0-9_-]{43}$/);
      await panel.getByRole('button', { name: text.copy }).click();
      await panel.getByText(text.copied).waitFor();
      expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(url);
      await panel.getByRole('heading', { name: text.live }).waitFor();
      await panel.getByText(text.expires).waitFor();
      expect(await seriousA11yProblems(page, '.share-proof')).toEqual([]);
      await screenshotOf(panel, `proof-panel-${tag}`);

      // The lender's own browser: the card, and when the link expires.
      const lender = await openWatchedPage(env.browser, { viewport });
      const path = new URL(url).pathname;
      await lender.page.goto(`${env.app.url}${path}`);
      await lender.page.getByRole('heading', { level: 1, name: text.pageTitle }).waitFor();
      await lender.page.getByText(number).waitFor();
      await lender.page.getByText(text.pageExpires).waitFor();
      expect(await seriousA11yProblems(lender.page)).toEqual([]);
      await screenshot(lender.page, `proof-page-${tag}`);

      // Revoked on My account: the focus goes back to "Make a link", and the lender's page shows nothing.
      await panel.getByRole('button', { name: text.revoke }).click();
      await panel.getByText(text.revoked).waitFor();
      await focusedOn(page, '.share-proof__make button');
      expect(await panel.getByRole('heading', { name: text.live }).count()).toBe(0);
      const gone = await lender.page.reload();
      expect(gone?.status()).toBe(404);
      await lender.page.getByRole('heading', { level: 1, name: text.nothing }).waitFor();
      expect(await seriousA11yProblems(lender.page)).toEqual([]);
      await screenshot(lender.page, `proof-nothing-${tag}`);
      expect(lender.problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
      await lender.page.context().close();
    }

    // The other two pairings, pictured only, to look at (no CI run takes them).
    await pictureOtherPairings(page);
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
    await page.context().close();
  });

  /** Spanish on a desktop and English on a phone: the panel with a link made, and the page it opens. */
  async function pictureOtherPairings(page: Page): Promise<void> {
    if (process.env.CI) return;
    for (const [locale, viewport] of [
      ['es', DESKTOP],
      ['en-US', PHONE],
    ] as const) {
      const tag = `${locale.toLowerCase()}-${viewport === PHONE ? 'phone' : 'desktop'}`;
      await page.setViewportSize(viewport);
      await page.goto(`${env.app.url}${PURCHASE_TEXTS[locale].prefix}/profile`);
      const panel = page.getByRole('region', { name: TEXTS[locale].panel });
      await panel.getByRole('button', { name: TEXTS[locale].make }).click();
      await focusedOn(page, '.share-proof__made input');
      await screenshotOf(panel, `proof-panel-${tag}`);
      const lender = await openWatchedPage(env.browser, { viewport });
      await lender.page.goto(`${env.app.url}${new URL(await panel.locator('.share-proof__made input').inputValue()).pathname}`);
      await screenshot(lender.page, `proof-page-${tag}`);
      await lender.page.context().close();
    }
  }
});
