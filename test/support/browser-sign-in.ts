import { createSignedInCookie } from './session-fixtures';
import type { Page } from 'playwright-core';

/** What the sign-in screens say, in each locale. */
export const LOGIN_TEXTS = {
  'en-US': {
    prefix: '',
    email: 'E-mail address',
    send: 'E-mail me a sign-in link',
    check: 'Check your e-mail',
    continueAs: 'Continue as b•••@example.com',
    continuePrefix: 'Continue as',
    myAccount: 'My Account',
    logOut: 'Log out',
    signIn: 'Sign in',
  },
  es: {
    prefix: '/es',
    email: 'Correo electrónico',
    send: 'Envíame un enlace para iniciar sesión',
    check: 'Revisa tu correo',
    continueAs: 'Continuar como b•••@example.com',
    continuePrefix: 'Continuar como',
    myAccount: 'Mi cuenta',
    logOut: 'Cerrar sesión',
    signIn: 'Iniciar sesión',
  },
} as const;

export type LoginTexts = (typeof LOGIN_TEXTS)[keyof typeof LOGIN_TEXTS];

/** On the login screen: asks for a link, then reads it in the local mailbox as a newcomer does. */
export async function linkThroughMailbox(page: Page, base: string, email: string, text: LoginTexts = LOGIN_TEXTS['en-US']): Promise<string> {
  await page.getByLabel(text.email).fill(email);
  await page.getByRole('button', { name: text.send }).click();
  await page.getByRole('heading', { name: text.check }).waitFor();
  // The recipient may have older mail (a purchase staff made for them): until the link's message
  // has left the job queue, the newest one is another, so read again, as a person would.
  const deadline = Date.now() + 20_000;
  for (;;) {
    await openNewestMailFor(page, base, email);
    const link = /(http\S+#code=\S+)/.exec((await page.locator('.mail-text').textContent()) ?? '')?.[1];
    if (link) return link;
    if (Date.now() > deadline) throw new Error(`No sign-in link for ${email} in the local mailbox`);
    await page.waitForTimeout(250);
  }
}

/**
 * Opens the newest message to `email` in the local mailbox. Mail leaves through the job queue a
 * moment after the answer, and the mailbox also holds other people's mail, so the page is
 * reloaded, as a person would, until a row addressed to this recipient shows.
 */
export async function openNewestMailFor(page: Page, base: string, email: string): Promise<void> {
  const deadline = Date.now() + 20_000;
  for (;;) {
    await page.goto(`${base}/dev/mailbox`);
    const row = page
      .getByRole('row')
      .filter({ has: page.getByRole('cell', { name: email, exact: true }) })
      .first();
    if ((await row.count()) > 0) return row.getByRole('link').click();
    if (Date.now() > deadline) throw new Error(`No mail for ${email} in the local mailbox`);
    await page.waitForTimeout(250);
  }
}

/**
 * Signs in through the login page, the local mailbox and the Continue button, and waits for the
 * landing page: a customer's profile, or /agent for staff (issue 15).
 */
export async function signInThroughMailbox(page: Page, base: string, email: string, text: LoginTexts = LOGIN_TEXTS['en-US']): Promise<void> {
  await page.goto(`${base}${text.prefix}/login`);
  await page.goto(await linkThroughMailbox(page, base, email, text));
  await page.getByRole('button', { name: new RegExp(`^${text.continuePrefix} `) }).click();
  await page.waitForURL((url) => url.origin === new URL(base).origin && [`${text.prefix}/profile`, `${text.prefix}/agent`].includes(url.pathname));
}

/**
 * For a case whose subject is not signing in (sign-in.browser-spec walks the mailbox in each
 * locale): `page`'s browser is signed in as `user` with a session row and its cookie
 * (createSignedInCookie), then opens `path` (a page of the site in the case's locale), from where
 * the case may call the API as the page. It costs one page load instead of the login page, the
 * mailbox until the mail comes, the message, the link and the profile.
 */
export async function signInByCookie(
  page: Page,
  app: { readonly url: string; readonly databaseUrl: string },
  user: Parameters<typeof createSignedInCookie>[1],
  path: string,
): Promise<void> {
  await page.context().addCookies([{ ...(await createSignedInCookie(app.databaseUrl, user)), url: app.url }]);
  await page.goto(`${app.url}${path}`);
}
