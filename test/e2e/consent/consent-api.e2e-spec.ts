import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { createSignedInCookie } from '../../support/session-fixtures';
import { browserLike, requestCode } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('/api/consent', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ db: true });

  const recordCount = async () => (await sut.db.query('SELECT count(*)::int AS n FROM consent_records')).rows[0].n as number;
  const accept = { tracking: true, advertising: true, source: 'banner-accept' };
  /** Another browser, signed in as this user (a session of its own). */
  const newBrowser = async (email: string) => {
    const cookie = await createSignedInCookie(sut.databaseUrl, { email });
    return browserLike(sut).set('Cookie', `${cookie.name}=${cookie.value}`);
  };

  it('records a decision with who, what, where, policy version, time and browser, and sets the three cookies for 365 days', async () => {
    const anonymousId = randomUUID();
    const res = await browserLike(sut)
      .post('/api/consent')
      .set('User-Agent', 'ConsentTest/1.0')
      .send({ tracking: true, advertising: false, source: 'banner-confirm', anonymousId })
      .expect(200);
    expect(res.body).toEqual({ success: true, payload: { tracking: true, advertising: false, recordedAt: expect.any(String), policyVersion: '2026-11-01' } });
    const cookies = ([] as string[]).concat(res.headers['set-cookie']);
    for (const [name, value] of [
      ['meterly_tracking_consent', 'true'],
      ['meterly_advertising_consent', 'false'],
      ['meterly_consent_banner', 'true'],
    ]) {
      const cookie = cookies.find((c) => c.startsWith(`${name}=`))!;
      expect(cookie).toMatch(new RegExp(`^${name}=${value}; Max-Age=31536000; Path=/; Expires=[^;]+; SameSite=Lax$`));
    }
    const { rows } = await sut.db.query('SELECT * FROM consent_records WHERE anonymous_id = $1', [anonymousId]);
    expect(rows).toEqual([
      expect.objectContaining({
        tracking: true,
        advertising: false,
        source: 'banner-confirm',
        policy_version: '2026-11-01',
        user_id: null,
        gpc: false,
        user_agent: 'ConsentTest/1.0',
      }),
    ]);
    expect(Math.abs(new Date(rows[0].recorded_at).getTime() - Date.now())).toBeLessThan(60_000);
  });

  it('notes Global Privacy Control on the record and in the answer to GET', async () => {
    const client = browserLike(sut).set('Sec-GPC', '1');
    expect((await client.get('/api/consent').expect(200)).body.payload).toEqual({ decision: null, gpc: true });
    const anonymousId = randomUUID();
    await client
      .post('/api/consent')
      .send({ ...accept, anonymousId })
      .expect(200);
    expect((await sut.db.query('SELECT gpc FROM consent_records WHERE anonymous_id = $1', [anonymousId])).rows).toEqual([{ gpc: true }]);
  });

  it.each([
    ['malformed JSON', '{"tracking": tru', 400],
    ['tracking as a string', JSON.stringify({ ...accept, tracking: 'true' }), 400],
    ['advertising missing', JSON.stringify({ tracking: true, source: 'banner-accept' }), 400],
    ['an unknown source', JSON.stringify({ ...accept, source: 'sign-in' }), 400],
    ['an anonymousId that is not a UUID', JSON.stringify({ ...accept, anonymousId: 'abc' }), 400],
    ['an unknown field', JSON.stringify({ ...accept, userId: randomUUID() }), 400],
    ['a body of 40 kB', JSON.stringify({ ...accept, padding: 'x'.repeat(40_000) }), 413],
  ])('refuses %s with a clear error and records nothing', async (_case, body, status) => {
    const before = await recordCount();
    const res = await browserLike(sut).post('/api/consent').set('Content-Type', 'application/json').send(body).expect(status);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String), code: expect.any(String) }) });
    expect(res.headers['set-cookie']).toBeUndefined();
    expect(await recordCount()).toBe(before);
  });

  it('refuses a form post (not JSON) and records nothing', async () => {
    const before = await recordCount();
    await browserLike(sut).post('/api/consent').type('form').send('tracking=true&advertising=true&source=banner-accept').expect(415);
    expect(await recordCount()).toBe(before);
  });

  it('keeps the records append-only, whatever the application does', async () => {
    await browserLike(sut)
      .post('/api/consent')
      .send({ ...accept, anonymousId: randomUUID() })
      .expect(200);
    await expect(sut.db.query('UPDATE consent_records SET tracking = false')).rejects.toThrow(/append-only/);
    await expect(sut.db.query('DELETE FROM consent_records')).rejects.toThrow(/append-only/);
  });

  it("lets a signed-in user's choice follow them to a new browser", async () => {
    const email = `follow-${randomUUID().slice(0, 8)}@example.com`;
    const first = await newBrowser(email);
    await first.post('/api/consent').send({ tracking: false, advertising: true, source: 'settings' }).expect(200);
    const second = await newBrowser(email);
    expect((await second.get('/api/consent').expect(200)).body.payload).toEqual({
      decision: { tracking: false, advertising: true, recordedAt: expect.any(String), policyVersion: '2026-11-01' },
      gpc: false,
    });
  });

  it('carries a decision made before sign-in over to the account', async () => {
    const email = `carry-${randomUUID().slice(0, 8)}@example.com`;
    const browser = browserLike(sut);
    const anonymousId = randomUUID();
    await browser.post('/api/session').send({ anonymousId }).expect(200);
    await browser.post('/api/consent').send({ tracking: true, advertising: false, source: 'banner-confirm' }).expect(200);
    const code = await requestCode(sut, email, browser);
    await browser.post('/api/auth/exchange-token').send({ code }).expect(200);
    const { rows } = await sut.db.query(
      `SELECT r.source, r.tracking, r.advertising FROM consent_records r JOIN users u ON u.id = r.user_id WHERE lower(u.email) = lower($1)`,
      [email],
    );
    expect(rows).toEqual([{ source: 'sign-in', tracking: true, advertising: false }]);
    const elsewhere = await newBrowser(email);
    expect((await elsewhere.get('/api/consent')).body.payload.decision).toMatchObject({ tracking: true, advertising: false });
  });

  it('answers no decision to a visitor who never made one', async () => {
    const res = await request(sut.url).get('/api/consent').expect(200);
    expect(res.body).toEqual({ success: true, payload: { decision: null, gpc: false } });
    expect(res.headers['cache-control']).toBe('no-store');
  });
});
