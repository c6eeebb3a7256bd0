import { localizePath, type Locale } from '../../src/shared/locale';
import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { waitForMailLike } from '../support/mailbox';
import { queryRows } from '../support/payment-fixtures';
import type { Page } from 'playwright-core';

const TEXTS = {
  'en-US': {
    panel: 'Delete my account',
    start: 'Delete my account…',
    erased: 'What we erase',
    kept: 'What the law makes us keep, and for how long',
    send: 'E-mail me the confirmation link',
    sent: 'Check your e-mail',
    subject: /Confirm deleting your Meterly account/,
    pageTitle: 'Delete your Meterly account',
    confirm: 'Delete my account',
    deleted: 'Your account is deleted',
  },
  es: {
    panel: 'Eliminar mi cuenta',
    start: 'Eliminar mi cuenta…',
    erased: 'Lo que borramos',
    kept: 'Lo que la ley nos obliga a conservar, y por cuánto tiempo',
    send: 'Enviarme el enlace de confirmación',
    sent: 'Revisa tu correo',
    subject: /Confirma la eliminación de tu cuenta de Meterly/,
    pageTitle: 'Eliminar tu cuenta de Meterly',
    confirm: 'Eliminar mi cuenta',
    deleted: 'Tu cuenta está eliminada',
  },
};

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** The whole page (the link's pages have no sticky header), at both widths, back at `viewport` after. */
async function shootBoth(page: Page, name: string, viewport: { width: number; height: number }): Promise<void> {
  for (const [size, shown] of [
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const) {
    await page.setViewportSize(shown);
    await screenshotOf(page.locator('main'), `${name}-${size}`);
  }
  await page.setViewportSize(viewport);
}

describe('Deleting an account from My account, confirmed from the mailed link (issue 27)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  it.each([
    ['en-US', DESKTOP],
    ['es', PHONE],
  ] as const)('in %s: reads what is erased and kept, gets the link by e-mail, confirms on its page and lands signed out', async (locale: Locale, viewport) => {
    const text = TEXTS[locale];
    const email = `delete-me-${locale.toLowerCase()}@example.com`;
    const { page, problems } = await openWatchedPage(env.browser, { viewport });
    await signInByCookie(page, env.app, { email }, localizePath('/about-us', locale));
    await queryRows(env.app, `UPDATE users SET locale = $2 WHERE email = $1`, [email, locale]);
    await page.goto(`${env.app.url}${localizePath('/profile', locale)}`);

    const panel = page.locator('.delete-account');
    await panel.getByRole('heading', { name: text.panel, level: 2 }).waitFor();
    await panel.getByRole('button', { name: text.start }).click();
    await panel.getByRole('heading', { name: text.erased }).waitFor();
    await panel.getByRole('heading', { name: text.kept }).waitFor();
    expect(await seriousA11yProblems(page, '.delete-account')).toEqual([]);
    await screenshotOf(panel, `delete-account-panel-${locale.toLowerCase()}-${viewport === PHONE ? 'phone' : 'desktop'}`);
    await panel.getByRole('button', { name: text.send }).click();
    await panel.getByRole('heading', { name: text.sent }).waitFor();
    await panel.getByText(email).waitFor();

    // The link from the e-mail, in the customer's language; its page deletes nothing until the button.
    const mail = await waitForMailLike(env.app.databaseUrl, email, text.subject);
    const link = /https?:\/\/\S+\/account\/delete\/[A-Za-z0-9_-]{43}/.exec(mail.text)![0];
    expect(new URL(link).pathname.startsWith(locale === 'es' ? '/es/account/delete/' : '/account/delete/')).toBe(true);
    await page.goto(`${env.app.url}${new URL(link).pathname}`);
    await page.getByRole('heading', { name: text.pageTitle, level: 1 }).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await shootBoth(page, `delete-account-confirm-${locale.toLowerCase()}`, viewport);
    expect(await page.evaluate(() => fetch('/api/account').then((r) => r.status))).toBe(200);

    await page.getByRole('button', { name: text.confirm, exact: true }).click();
    await page.waitForURL(new RegExp(`${localizePath('/account/deleted', locale)}$`));
    await page.getByRole('heading', { name: text.deleted, level: 1 }).waitFor();
    expect(await seriousA11yProblems(page)).toEqual([]);
    await shootBoth(page, `delete-account-done-${locale.toLowerCase()}`, viewport);
    // Signed out: the old session no longer opens My account's data.
    expect(await page.evaluate(() => fetch('/api/account').then((r) => r.status))).toBe(401);
    expect(await queryRows(env.app, `SELECT 1 FROM users WHERE lower(email) = lower($1)`, [email])).toEqual([]);
    expect(problems.filter((p) => !/Failed to load resource/.test(p))).toEqual([]);
  });
});
