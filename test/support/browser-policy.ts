import { prepareQuote } from './browser-quote';
import { signInThroughMailbox, type LoginTexts } from './browser-sign-in';
import { openWatchedPage, type WatchedPage } from './chromium';
import { dayFromToday } from './quote-fixtures';
import type { Browser, Page } from 'playwright-core';

/**
 * Buys the quote through the API as the page's session (the purchase pages have their own tests)
 * and answers the policy's id. Staff buying for a customer pass `signer: null`: the customer signs
 * later. The start is today in Arizona (the quotes' state) by default, the first day the server
 * takes: a policy never starts on a day already under way.
 */
export async function buyThroughApi(
  page: Page,
  quoteId: string,
  { startInDays = 0, signer = 'Ana García' }: { startInDays?: number; signer?: string | null } = {},
): Promise<string> {
  return page.evaluate(
    async ({ id, startDate, signer }) => {
      const post = async (path: string, body: object, headers: Record<string, string> = {}) => {
        const res = await fetch(path, { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body: JSON.stringify(body) });
        if (!res.ok) throw new Error(`${path}: ${res.status} ${await res.text()}`);
        return res.json();
      };
      const card = { number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };
      const { payload } = await post('/api/payments/sandbox/tokens', card);
      const signature = signer === null ? {} : { agreeToTerms: true, signatureName: signer };
      const sold = await post(
        '/api/policies',
        { quoteId: id, paymentToken: payload.token, startDate, ...signature },
        { 'Idempotency-Key': crypto.randomUUID() },
      );
      return sold.payload.policy.id as string;
    },
    { id: quoteId, startDate: dayFromToday(startInDays), signer },
  );
}

/** The page's own policies through the API, newest first. */
export function policiesOf(page: Page): Promise<{ id: string; number: string }[]> {
  return page.evaluate(() =>
    fetch('/api/policies')
      .then((res) => res.json())
      .then((body) => body.payload),
  );
}

/**
 * Where a profile test starts: a watched page signed in through the mailbox as `email`, with one
 * policy bought through the API on the prepared quote; its id.
 */
export async function customerWithPolicyInBrowser(
  browser: Browser,
  base: string,
  email: string,
  text: LoginTexts,
): Promise<WatchedPage & { policyId: string }> {
  const { page, problems } = await openWatchedPage(browser);
  await signInThroughMailbox(page, base, email, text);
  await buyThroughApi(page, await prepareQuote(page, 'payment'));
  const [{ id: policyId }] = await policiesOf(page);
  return { page, problems, policyId };
}

/** As the mobile app does it, from the page's session: a device token, then one trip of the first car on `day` (Arizona). */
export async function driveOneTrip(page: Page, policyId: string, day: string, miles: number): Promise<void> {
  const answer = await page.evaluate(
    async ({ policyId, day, miles }) => {
      const json = { 'content-type': 'application/json' };
      const device = await fetch('/api/mobile/devices', { method: 'POST', headers: json, body: JSON.stringify({ name: 'Test phone', platform: 'ios' }) }).then(
        (res) => res.json(),
      );
      const trip = { clientTripId: `trip-${day}`, vehicle: `${policyId}:0`, startedAt: `${day}T08:00:00-07:00`, endedAt: `${day}T12:00:00-07:00`, miles };
      const res = await fetch('/api/mobile/trips', {
        method: 'POST',
        headers: { ...json, authorization: `Bearer ${device.payload.token}` },
        body: JSON.stringify({ trips: [trip] }),
      });
      return res.json();
    },
    { policyId, day, miles },
  );
  expect(answer.payload).toMatchObject({ rejected: [] });
}

/** The signed-in customer's card replaced in the page's session, as the payment form does it: a sandbox token, then the saved method. */
export function saveCard(page: Page, number: string): Promise<void> {
  return page.evaluate(async (number) => {
    const json = { 'content-type': 'application/json' };
    const card = { number, expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' };
    const { payload } = await (await fetch('/api/payments/sandbox/tokens', { method: 'POST', headers: json, body: JSON.stringify(card) })).json();
    const saved = await fetch('/api/payments/method', { method: 'PUT', headers: json, body: JSON.stringify({ token: payload.token }) });
    if (!saved.ok) throw new Error(`saving the card: ${saved.status}`);
  }, number);
}
