import { screenshot, screenshotOf } from './browser-purchase';
import { openWatchedPage, type WatchedPage } from './chromium';
import { queryRows } from './payment-fixtures';
import { customerWithPolicy } from './policy-customer';
import { createSignedInCookie } from './session-fixtures';
import type { TestApp } from './test-app';
import type { Browser, Locator, Page } from 'playwright-core';

/** The seeded agent Dana Reyes (producer MTR-1001) and admin, as createSignedInCookie takes them. */
export const DANA = { email: 'agent@meterly.test', role: 'agent', producerId: 'MTR-1001' } as const;
export const ADMIN = { email: 'admin@meterly.test', role: 'admin' } as const;

/**
 * Dana's customer, as after she sold them their Arizona policy: the policy names her producer
 * number and she is the customer's agent of record, so she may act for them.
 */
export async function danasCustomer(app: TestApp, prefix: string, options: { locale?: string; startedDaysAgo?: number } = {}) {
  const customer = await customerWithPolicy(app, prefix, { ...options, producerId: DANA.producerId });
  await queryRows(app, 'UPDATE users SET served_by_producer_id = $2 WHERE lower(email) = lower($1)', [customer.email, DANA.producerId]);
  return customer;
}

/**
 * A browser context of its own (a second browser, as far as the site can tell) signed in as
 * `user` without the mailbox, at 1280×800.
 */
export async function openSignedIn(
  env: { readonly app: TestApp; readonly browser: Browser },
  user: Parameters<typeof createSignedInCookie>[1],
): Promise<WatchedPage> {
  const watched = await openWatchedPage(env.browser, { viewport: { width: 1280, height: 800 } });
  await watched.page.context().addCookies([{ ...(await createSignedInCookie(env.app.databaseUrl, user)), url: env.app.url }]);
  return watched;
}

/** The whole page and one part of it (`name-desktop-part.png`) in .screens/, at 1280×800 and at 390×844. */
export async function desktopAndPhone(page: Page, name: string, part: Locator): Promise<void> {
  for (const [size, viewport] of [
    ['desktop', { width: 1280, height: 800 }],
    ['phone', { width: 390, height: 844 }],
  ] as const) {
    await page.setViewportSize(viewport);
    await screenshot(page, `${name}-${size}`);
    await screenshotOf(part, `${name}-${size}-part`);
  }
  await page.setViewportSize({ width: 1280, height: 800 });
}
