import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { signInByCookie } from '../support/browser-sign-in';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { queryRows } from '../support/payment-fixtures';
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };

/** Reloads until the copy is made (the job runs in the background): what the customer sees is the test's clock, not a fixed wait. */
async function untilReady(page: Page, ready: string): Promise<void> {
  for (;;) {
    await page.reload();
    if (await page.getByText(ready).count()) return;
    await page.waitForTimeout(300);
  }
}

describe('Download my data and the privacy requests screen (issue 27)', () => {
  jest.setTimeout(180_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  it('a customer asks for a copy, sees it being prepared, downloads the PDF and the JSON once ready; then the same in Spanish on a phone', async () => {
    const { page, problems } = await openWatchedPage(env.browser, { viewport: DESKTOP });
    const email = 'your-data@example.com';
    await signInByCookie(page, env.app, { email }, '/profile');
    const panel = page.locator('#your-data');
    await panel.getByRole('heading', { name: 'Your data', level: 2 }).waitFor();
    await panel.getByText('Copies you can still ask for in the next 12 months: 2.').waitFor();
    await panel.getByRole('button', { name: 'Download my data' }).click();
    await panel.getByRole('status').getByText("We're preparing your copy. We'll e-mail you when it's ready.").waitFor();
    await panel.getByText('Your copy is being prepared.', { exact: false }).waitFor();
    expect(await panel.getByRole('button', { name: 'Download my data' }).count()).toBe(0);

    await untilReady(page, 'Your copy is ready.');
    const pdf = panel.getByRole('link', { name: 'Download PDF (to read)' });
    const json = panel.getByRole('link', { name: 'Download JSON (complete)' });
    const zip = panel.getByRole('link', { name: 'Download everything with photos (ZIP)' });
    const answers = await page.evaluate(
      async (hrefs) =>
        Promise.all(hrefs.map(async (href) => ({ status: (await fetch(href!)).status, type: (await fetch(href!)).headers.get('content-type') }))),
      [await pdf.getAttribute('href'), await json.getAttribute('href'), await zip.getAttribute('href')],
    );
    expect(answers).toEqual([
      { status: 200, type: 'application/pdf' },
      { status: 200, type: expect.stringMatching(/^application\/json/) },
      { status: 200, type: 'application/zip' },
    ]);
    await panel.getByText('A copy of your data, received', { exact: false }).waitFor();
    expect(await seriousA11yProblems(page, '#your-data')).toEqual([]);
    await screenshotOf(panel, 'your-data-en-us-desktop');

    await page.setViewportSize(PHONE);
    await page.goto(`${env.app.url}/es/profile`);
    await panel.getByRole('heading', { name: 'Tus datos', level: 2 }).waitFor();
    await panel.getByText('Tu copia está lista.', { exact: false }).waitFor();
    await panel.getByRole('link', { name: 'Descargar PDF (para leer)' }).waitFor();
    await panel.getByRole('link', { name: 'Descargar todo con las fotos (ZIP)' }).waitFor();
    await panel.getByText('Una copia de tus datos, recibida', { exact: false }).waitFor();
    expect(await panel.evaluate((el) => el.scrollWidth <= el.clientWidth)).toBe(true);
    await screenshotOf(panel, 'your-data-es-phone');
    expect(problems).toEqual([]);
  });

  it('an admin sees an open request with its days left in red, and extends it once with a reason; in Spanish on a phone too', async () => {
    const customer = 'privacy-clock@example.com';
    await queryRows(env.app, `INSERT INTO users (email, role) VALUES ($1, 'customer') ON CONFLICT (lower(email)) DO NOTHING`, [customer]);
    await queryRows(
      env.app,
      `INSERT INTO privacy_requests (kind, user_id, email, received_at, due_at)
       SELECT 'deletion', id, email, now() - interval '40 days', now() + interval '5 days' - interval '1 hour' FROM users WHERE lower(email) = lower($1)`,
      [customer],
    );
    const { page, problems } = await openWatchedPage(env.browser, { viewport: DESKTOP });
    await signInByCookie(page, env.app, { email: 'privacy-admin@meterly.test', role: 'admin' }, '/admin/privacy-requests');
    await page.getByRole('heading', { name: 'Privacy requests', level: 1 }).waitFor();
    const row = page.getByRole('row').filter({ hasText: customer });
    await row.getByText('5 days').waitFor();
    expect(await row.locator('.tag--danger').textContent()).toBe('5 days');
    expect(await seriousA11yProblems(page, 'main')).toEqual([]);
    await screenshotOf(page, 'admin-privacy-en-us-desktop');

    await row.getByRole('button', { name: 'Answer' }).click();
    await page.getByRole('button', { name: 'Extend by 45 days' }).click();
    await page.getByText('Give the reason: the customer is told why.').waitFor();
    await page.getByLabel('Reason (the customer is told it)').fill('We are gathering your claim file from our insurer.');
    await page.getByRole('button', { name: 'Extend by 45 days' }).click();
    await page.getByRole('status').getByText('Extended: the customer was e-mailed the new date and the reason.').waitFor();
    // 45 calendar days more from the day the first deadline ended (privacy-answer-due.ts): 50 or 51 days left, by the time of day.
    const [{ due }] = await queryRows<{ due: Date }>(env.app, `SELECT due_at AS due FROM privacy_requests WHERE email = $1`, [customer]);
    const daysLeft = Math.ceil((new Date(due).getTime() - Date.now()) / 86_400_000);
    expect([50, 51]).toContain(daysLeft);
    await row.getByText(`${daysLeft} days`).waitFor();

    await page.setViewportSize(PHONE);
    await page.goto(`${env.app.url}/es/admin/privacy-requests`);
    await page.getByRole('heading', { name: 'Solicitudes de privacidad', level: 1 }).waitFor();
    await page.getByRole('row').filter({ hasText: customer }).getByText(`${daysLeft} días`).waitFor();
    await screenshotOf(page, 'admin-privacy-es-phone');
    expect(problems).toEqual([]);
  });
});
