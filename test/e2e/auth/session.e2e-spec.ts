import { Client, Pool } from 'pg';
import { SessionStore } from '../../../src/modules/session/session-store';
import { browserLike, sessionCookieOf, signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

describe('Sessions: /api/session, sign-out and timeouts', () => {
  const clock = new TestClock();

  const sut = useTestApp({ clock });

  it('answers an anonymous visitor with an empty session and sets no cookie', async () => {
    const res = await browserLike(sut).get('/api/session').expect(200);
    expect(res.body).toEqual({ success: true, payload: {} });
    expect(sessionCookieOf(res)).toBeUndefined();
  });

  it('saves the fields a browser may write: anonymousId, attribution and locale', async () => {
    const visitor = browserLike(sut);
    const anonymousId = '0b6f6c1e-4a57-4d8e-9d0b-3f2c7a1b9e11';
    const res = await visitor
      .post('/api/session')
      .send({ anonymousId, locale: 'es', attribution: { utm_source: 'newsletter', utm_medium: 'email', utm_campaign: 'fall' } })
      .expect(200);
    expect(res.body).toEqual({ success: true, payload: { anonymousId } });
    expect((await visitor.get('/api/session')).body.payload).toEqual({ anonymousId });
  });

  it.each([
    [{ userId: '1' }],
    [{ role: 'admin' }],
    [{ producerId: 'MTR-1001' }],
    [{ userEmail: 'x@example.com' }],
    [{ anonymousId: 'not-a-uuid' }],
    [{ locale: 'fr' }],
    [{ somethingElse: true }],
  ])('refuses %j with 400 and changes nothing', async (body) => {
    const visitor = await signIn(sut);
    const before = (await visitor.get('/api/session')).body.payload;
    const res = await visitor.post('/api/session').send(body).expect(400);
    expect(res.body.success).toBe(false);
    expect((await visitor.get('/api/session')).body.payload).toEqual(before);
  });

  it('signs out: the row is gone, the cookie is cleared, and the old cookie is dead', async () => {
    const email = uniqueEmail('out');
    const visitor = await signIn(sut, email);
    const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
    const res = await visitor.post('/api/auth/sign-out').send({}).expect(200);
    expect(res.body).toEqual({ success: true });
    expect(([] as string[]).concat(res.headers['set-cookie']).join(';')).toMatch(/meterly\.sid=;.*Expires=Thu, 01 Jan 1970/);
    expect((await browserLike(sut).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    try {
      expect((await db.query('SELECT count(*)::int AS n FROM session WHERE user_email = lower($1)', [email])).rows[0].n).toBe(0);
    } finally {
      await db.end();
    }
  });

  it('keeps a sign-out final: a late save of the session (a slow request that loaded it before) writes nothing', async () => {
    const email = uniqueEmail('late');
    const visitor = await signIn(sut, email);
    const pool = new Pool({ connectionString: sut.databaseUrl });
    try {
      const { rows } = await pool.query('SELECT sid, sess FROM session WHERE user_email = lower($1)', [email]);
      expect(rows).toHaveLength(1);
      await visitor.post('/api/auth/sign-out').send({}).expect(200);
      const store = new SessionStore(pool);
      await new Promise<void>((resolve, reject) =>
        store.set(rows[0].sid, rows[0].sess, (err: unknown) =>
          err ? reject(err instanceof Error ? err : new Error('set failed', { cause: err })) : resolve(),
        ),
      );
      expect((await pool.query('SELECT count(*)::int AS n FROM session WHERE sid = $1', [rows[0].sid])).rows[0].n).toBe(0);
    } finally {
      await pool.end();
    }
  });

  it('ends a session idle for more than 30 minutes, and keeps one used within them', async () => {
    const visitor = await signIn(sut);
    clock.advance(29 * 60_000);
    expect((await visitor.get('/api/session')).body.payload.userId).toBeDefined();
    clock.advance(29 * 60_000);
    expect((await visitor.get('/api/session')).body.payload.userId).toBeDefined();
    clock.advance(31 * 60_000);
    expect((await visitor.get('/api/session')).body.payload).toEqual({});
  });

  it('ends any session 12 hours after sign-in, however active', async () => {
    const visitor = await signIn(sut);
    for (let elapsed = 0; elapsed < 12 * 60; elapsed += 25) {
      clock.advance(25 * 60_000);
      await visitor.get('/api/session');
    }
    clock.advance(60_000);
    expect((await visitor.get('/api/session')).body.payload).toEqual({});
  });
});
