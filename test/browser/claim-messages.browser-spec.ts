import { screenshotOf, seriousA11yProblems } from '../support/browser-purchase';
import { desktopAndPhone } from '../support/browser-staff';
import { browserTestEnvironment, openWatchedPage } from '../support/chromium';
import { reportAccident } from '../support/claim-fixtures';
import { localeText } from '../support/locale-texts';
import { customerWithPolicy } from '../support/policy-customer';
import { createSignedInCookie } from '../support/session-fixtures';
import type { Page } from 'playwright-core';

const PHONE = { width: 390, height: 844 };
const DESKTOP = { width: 1280, height: 800 };
const es = (key: string) => localeText('es', key);
const en = (key: string) => localeText('en-US', key);

/**
 * Issue 27: a claim's messages. The customer writes on the claim card of My account (in Spanish,
 * on a phone), the agent who handles the claim reads it and replies on the staff claims screen
 * (in English, on a desktop), and the customer, back on My account, reads the reply under the
 * agent's name, newest last.
 */
describe('Claim messages between the customer and the claims staff (issue 27)', () => {
  jest.setTimeout(150_000);
  const env = browserTestEnvironment({ SEED_DEMO: 'true' });

  it('the customer writes, the agent replies, the customer reads the reply: Spanish on a phone, English on a desktop', async () => {
    // Dana Reyes's (MTR-1001) customer, in Spanish, with a claim reported through the API.
    const { web, email, policyId } = await customerWithPolicy(env.app, 'messages', { producerId: 'MTR-1001', locale: 'es' });
    const { number } = await reportAccident(web, policyId);

    const customer = await openWatchedPage(env.browser, { viewport: PHONE });
    const page = customer.page;
    await page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, { email })), url: env.app.url }]);
    await page.goto(`${env.app.url}/es/profile`);
    const card = () =>
      page
        .getByRole('region', { name: es('claims:title') })
        .getByRole('listitem')
        .filter({ hasText: number })
        .first();
    await card().getByText(es('claims:messages.noneCustomer')).waitFor();
    const form = card().getByRole('form', { name: es('claims:messages.formName').replace('{{number}}', number) });

    // Nothing written: told so, nothing sent.
    await form.getByRole('button', { name: es('claims:messages.send') }).click();
    await form.getByText(es('claims:messages.errors.empty')).waitFor();
    await form.getByLabel(es('claims:messages.field.customer')).fill('El taller dice que hay que cambiar la puerta. ¿Les mando su presupuesto?');
    await form.getByRole('button', { name: es('claims:messages.send') }).click();
    await form.getByRole('status').getByText(es('claims:messages.sent')).waitFor();
    const thread = () => card().locator('.claim-message');
    await thread()
      .filter({ hasText: es('claims:messages.you') })
      .waitFor();
    expect(await form.getByLabel(es('claims:messages.field.customer')).inputValue()).toBe('');
    expect(await seriousA11yProblems(page, '.claim-messages')).toEqual([]);
    await screenshotOf(card().locator('.claim-messages'), 'claim-messages-customer-es-phone');

    // Dana opens the claim on the staff screen, reads the customer's message and replies.
    const staff = await openWatchedPage(env.browser, { viewport: DESKTOP });
    const agentCookie = await createSignedInCookie(env.app.databaseUrl, { email: 'agent@meterly.test', role: 'agent', producerId: 'MTR-1001' });
    await staff.page.context().addCookies([{ ...agentCookie, url: env.app.url }]);
    await staff.page.goto(`${env.app.url}/agent/claims`);
    const item = staff.page.getByRole('listitem').filter({ hasText: number }).first();
    await item.getByRole('button', { name: en('staff-claims:open') }).click();
    await item
      .locator('.claim-message')
      .filter({ hasText: en('claims:messages.customer') })
      .getByText('¿Les mando su presupuesto?', { exact: false })
      .waitFor();
    await item.getByLabel(en('claims:messages.field.staff')).fill('Yes: add it as a photo on your claim, or e-mail it to me.');
    await item.getByRole('button', { name: en('claims:messages.send') }).click();
    await item.getByRole('status').getByText(en('claims:messages.sent')).waitFor();
    await item.locator('.claim-message').filter({ hasText: 'Dana Reyes' }).waitFor();
    expect(await seriousA11yProblems(staff.page, '.claim-messages')).toEqual([]);
    await desktopAndPhone(staff.page, 'claim-messages-staff-en', item.locator('.claim-messages'));

    // Back on My account (drawn by the server with its claims): the reply under Dana's name, newest last.
    await page.reload();
    await thread().filter({ hasText: 'Dana Reyes' }).waitFor();
    expect((await thread().allTextContents()).map((text) => (text.includes('Dana Reyes') ? 'Dana' : 'you'))).toEqual(['you', 'Dana']);
    await screenshotOf(card().locator('.claim-messages'), 'claim-messages-reply-es-phone');
    await pictureEnglishDesktop(page, number);

    expect(customer.problems).toEqual([]);
    expect(staff.problems).toEqual([]);
    await staff.page.context().close();
    await page.context().close();
  });

  /** The same thread in English on a desktop, pictured only, to look at (no CI run takes it). */
  async function pictureEnglishDesktop(page: Page, number: string): Promise<void> {
    if (process.env.CI) return;
    await page.setViewportSize(DESKTOP);
    await page.goto(`${env.app.url}/profile`);
    const card = page
      .getByRole('region', { name: en('claims:title') })
      .getByRole('listitem')
      .filter({ hasText: number })
      .first();
    await card.locator('.claim-message').filter({ hasText: 'Dana Reyes' }).waitFor();
    await screenshotOf(card.locator('.claim-messages'), 'claim-messages-reply-en-desktop');
  }
});
