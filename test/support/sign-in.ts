import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { codeFromMail, mailCount, waitForMail } from './mailbox';
import type { TestApp } from './test-app';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomUUID().slice(0, 8)}@example.com`;
}

/** A cookie-keeping client that calls the API as our own pages do (Origin: the site). */
export function browserLike(app: TestApp) {
  return request.agent(app.url).set('Origin', app.url);
}

/** Asks for a link, reads it from the local mailbox, and exchanges its code. */
export async function requestCode(app: TestApp, email: string, client = browserLike(app), body: object = {}): Promise<string> {
  const seen = await mailCount(app.databaseUrl, email);
  await client
    .post('/api/auth/magic-link')
    .send({ email, ...body })
    .expect(200);
  return codeFromMail(await waitForMail(app.databaseUrl, email, { seen }));
}

export async function signIn(app: TestApp, email = uniqueEmail()) {
  const client = browserLike(app);
  const code = await requestCode(app, email, client);
  await client.post('/api/auth/exchange-token').send({ code }).expect(200);
  return client;
}

/** The session cookie a response set, as "name=value". */
export function sessionCookieOf(res: request.Response): string | undefined {
  const cookies = ([] as string[]).concat(res.headers['set-cookie'] ?? []);
  return cookies.find((c) => c.startsWith('meterly.sid='))?.split(';')[0];
}

/** The session id a cookie carries (`meterly.sid=s%3A<id>.<signature>`). */
export const sidOfCookie = (cookie: string) => decodeURIComponent(cookie.split('=')[1]).slice(2).split('.')[0];

/** A new customer signed in through the mailbox: their e-mail, their session cookie ("name=value") and its session id. */
export async function signedInCustomer(app: TestApp, prefix: string): Promise<{ email: string; cookie: string; sid: string }> {
  const email = uniqueEmail(prefix);
  const client = browserLike(app);
  const code = await requestCode(app, email, client);
  const cookie = sessionCookieOf(await client.post('/api/auth/exchange-token').send({ code }).expect(200))!;
  return { email, cookie, sid: sidOfCookie(cookie) };
}
