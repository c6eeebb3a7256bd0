import { Client } from 'pg';
import { LOGIN_TEXTS as TEXTS, linkThroughMailbox } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';

describe('Signing in and out in the browser', () => {
  jest.setTimeout(90_000);
  const env = browserTestEnvironment();

  describe.each(Object.entries(TEXTS))('in %s', (locale, text) => {
    it('goes from a page behind sign-in, through the e-mailed link, back to that page, then logs out', async () => {
      const email = `browser-${locale.toLowerCase()}@example.com`;
      const { page, problems } = await openWatchedPage(env.browser);
      await page.goto(`${env.app.url}${text.prefix}/quote/application?step=2`);
      expect(new URL(page.url()).pathname).toBe(`${text.prefix}/login`);

      const link = await linkThroughMailbox(page, env.app.url, email, text);
      expect(new URL(link).pathname).toBe(`${text.prefix}/magic-link`);

      await page.goto(link);
      await page.getByRole('button', { name: text.continueAs }).click();
      await page.waitForURL(`${env.app.url}${text.prefix}/quote/application?step=2`);
      expect(await page.evaluate(() => window.location.hash)).toBe('');

      await page.goto(`${env.app.url}${text.prefix}/about-us`);
      await page.getByRole('button', { name: text.myAccount }).click();
      await page.getByRole('button', { name: text.logOut }).click();
      await page.waitForURL(`${env.app.url}${text.prefix || '/'}`);
      await page.getByRole('link', { name: text.signIn, exact: true }).waitFor();
      expect(problems).toEqual([]);
      await page.context().close();
    });
  });

  it('does not use the code when the link is only fetched (as a mail scanner does)', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/login`);
    const link = await linkThroughMailbox(page, env.app.url, 'scanner@example.com');
    const scanner = await fetch(link);
    expect(scanner.status).toBe(200);
    expect(scanner.headers.get('referrer-policy')).toBe('no-referrer');
    await page.goto(link);
    await page.getByRole('button', { name: /Continue as/ }).click();
    await page.waitForURL(`${env.app.url}/profile`);
    await page.context().close();
  });

  it('shows a clear message and a way to a new link for a code that is not valid', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/es/magic-link#code=${'C'.repeat(43)}`);
    await page.getByRole('button', { name: 'Continuar' }).click();
    await page.getByRole('alert').getByText('Este enlace no es válido').waitFor();
    await page.getByRole('link', { name: 'Envíame un enlace nuevo' }).click();
    await page.waitForURL(`${env.app.url}/es/login`);
    await page.context().close();
  });

  it('logs out first on /login?auto-logout=true, then is ready to sign in', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/login`);
    await page.goto(await linkThroughMailbox(page, env.app.url, 'auto@example.com'));
    await page.getByRole('button', { name: /Continue as/ }).click();
    await page.waitForURL(`${env.app.url}/profile`);

    await page.goto(`${env.app.url}/login?auto-logout=true`);
    await page.getByLabel('E-mail address').waitFor();
    expect(await page.evaluate(async () => (await (await fetch('/api/session')).json()).payload.userId)).toBeUndefined();
    await page.context().close();
  });

  it('keeps marketing attribution from the landing URL and gives the visitor an anonymousId', async () => {
    const { page } = await openWatchedPage(env.browser);
    await page.goto(`${env.app.url}/?utm_source=news&utm_medium=email&utm_campaign=fall&utm_content=hero&utm_term=miles`);
    await page.waitForFunction(() => {
      const stored = localStorage.getItem('browser-session-storage');
      return stored && JSON.parse(stored).session?.anonymousId;
    });
    const cookies = Object.fromEntries((await page.context().cookies()).map((c) => [c.name, c.value]));
    expect(cookies).toMatchObject({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall' });
    expect(cookies.utm_content).toBeUndefined();
    const storage = await page.evaluate(() => ['utm_source', 'utm_medium', 'utm_campaign', 'utm_content', 'utm_term'].map((k) => sessionStorage.getItem(k)));
    expect(storage).toEqual(['news', 'email', 'fall', 'hero', 'miles']);
    const stored = await page.evaluate(() => JSON.parse(localStorage.getItem('browser-session-storage')!));
    expect(stored.version).toBe(1);
    const db = new Client({ connectionString: env.app.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT sess FROM session WHERE sess->>'anonymousId' = $1`, [stored.session.anonymousId]);
      expect(rows[0].sess.attribution).toEqual({ utm_source: 'news', utm_medium: 'email', utm_campaign: 'fall', utm_content: 'hero', utm_term: 'miles' });
    } finally {
      await db.end();
    }
    await page.context().close();
  });
});
