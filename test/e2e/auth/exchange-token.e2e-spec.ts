import { Client } from 'pg';
import { browserLike, requestCode, sessionCookieOf, signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

describe('POST /api/auth/exchange-token', () => {
  const clock = new TestClock();

  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback' }, clock });

  let ipCounter = 0;
  const client = () => browserLike(sut).set('X-Forwarded-For', `203.0.113.${++ipCounter}`);

  it('signs in: a new session id, and the session holds userId, userEmail, sessionId and the anonymousId from before', async () => {
    const email = uniqueEmail('first');
    const visitor = client();
    const anonymousId = '6f1c1c5e-2f6b-4f0e-9a47-0c3c1f7d8a21';
    const before = await visitor.post('/api/session').send({ anonymousId }).expect(200);
    const cookieBefore = sessionCookieOf(before)!;
    const code = await requestCode(sut, email, visitor, { redirectUri: '/quote/application?step=2#drivers' });

    const res = await visitor.post('/api/auth/exchange-token').send({ code }).expect(200);
    expect(res.body).toEqual({ success: true, payload: { redirectTo: '/quote/application?step=2#drivers' } });
    expect(sessionCookieOf(res)).toBeDefined();
    expect(sessionCookieOf(res)).not.toBe(cookieBefore);
    const setCookie = ([] as string[]).concat(res.headers['set-cookie']).join('\n');
    expect(setCookie).toMatch(/^meterly\.sid=.*; Path=\/; Expires=.*; HttpOnly; SameSite=Lax$/m);
    expect(setCookie).not.toMatch(/Secure/);

    const session = await visitor.get('/api/session').expect(200);
    expect(session.body).toEqual({
      success: true,
      payload: { userId: expect.any(String), userEmail: email, sessionId: expect.any(String), anonymousId },
    });
    // The old cookie is dead: it reads as no session at all.
    const old = await browserLike(sut).get('/api/session').set('Cookie', cookieBefore).expect(200);
    expect(old.body.payload).toEqual({});
  });

  it('creates a customer at the first sign-in with a new e-mail, once', async () => {
    const email = uniqueEmail('New.Customer');
    await signIn(sut, email);
    clock.advance(61_000);
    await signIn(sut, email.toLowerCase());
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(`SELECT role, last_sign_in_at IS NOT NULL AS signed FROM users WHERE lower(email) = lower($1)`, [email]);
      expect(rows).toEqual([{ role: 'customer', signed: true }]);
    } finally {
      await db.end();
    }
  });

  it('refuses an unknown code with 400', async () => {
    const res = await client()
      .post('/api/auth/exchange-token')
      .send({ code: 'A'.repeat(43) })
      .expect(400);
    expect(res.body.error).toEqual({ code: 'CODE_UNKNOWN', message: 'This sign-in link is not valid. Ask for a new one.' });
  });

  it('refuses a used code with 401 and its own message', async () => {
    const visitor = client();
    const code = await requestCode(sut, uniqueEmail('used'), visitor);
    await visitor.post('/api/auth/exchange-token').send({ code }).expect(200);
    const res = await client().post('/api/auth/exchange-token').send({ code }).expect(401);
    expect(res.body.error.code).toBe('CODE_USED');
  });

  it('refuses an expired code with 401 and its own message (15 minutes)', async () => {
    const visitor = client();
    const code = await requestCode(sut, uniqueEmail('expired'), visitor);
    clock.advance(15 * 60_000 + 1000);
    const res = await visitor.post('/api/auth/exchange-token').send({ code }).expect(401);
    expect(res.body.error).toEqual({ code: 'CODE_EXPIRED', message: 'This sign-in link has expired. Ask for a new one.' });
  });

  it('still accepts a code just inside its 15 minutes', async () => {
    const visitor = client();
    const code = await requestCode(sut, uniqueEmail('in-time'), visitor);
    clock.advance(15 * 60_000 - 5000);
    await visitor.post('/api/auth/exchange-token').send({ code }).expect(200);
  });

  it('refuses a code superseded by a newer link with 401 and its own message', async () => {
    const email = uniqueEmail('superseded');
    const visitor = client();
    const older = await requestCode(sut, email, visitor);
    clock.advance(61_000);
    const newer = await requestCode(sut, email, visitor);
    const res = await visitor.post('/api/auth/exchange-token').send({ code: older }).expect(401);
    expect(res.body.error.code).toBe('CODE_SUPERSEDED');
    await visitor.post('/api/auth/exchange-token').send({ code: newer }).expect(200);
  });

  it('lets exactly one of ten parallel exchanges of one code succeed', async () => {
    const code = await requestCode(sut, uniqueEmail('race'), client());
    const results = await Promise.all(Array.from({ length: 10 }, () => client().post('/api/auth/exchange-token').send({ code })));
    expect(results.filter((r) => r.status === 200)).toHaveLength(1);
    expect(results.filter((r) => r.status === 401).every((r) => r.body.error.code === 'CODE_USED')).toBe(true);
  });

  it('refuses a body without a code, or with an extra field, with 400', async () => {
    await client().post('/api/auth/exchange-token').send({}).expect(400);
    await client().post('/api/auth/exchange-token').send({ code: 'x', userId: 'me' }).expect(400);
  });
});
