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

  describe("POST /api/consent/form: the banner before the page's code runs (issue 29)", () => {
    const form = (client: ReturnType<typeof browserLike>, body: string) => client.post('/api/consent/form').type('form').send(body);
    const cookiesOf = (res: request.Response) =>
      Object.fromEntries(([] as string[]).concat(res.headers['set-cookie'] ?? []).map((cookie) => cookie.split(';')[0].split('=') as [string, string]));

    it.each([
      ['accept', 'true', 'banner-accept'],
      ['deny', 'false', 'banner-deny'],
    ])('records %s as the API does, sets the three cookies and sends the browser back to its page (303)', async (choice, value, source) => {
      const anonymousId = randomUUID();
      const client = browserLike(sut).set('User-Agent', `ConsentForm/${anonymousId}`);
      const res = await form(client, `choice=${choice}&back=${encodeURIComponent('/es/quote')}`).expect(303);
      expect(res.headers.location).toBe('/es/quote');
      expect(cookiesOf(res)).toMatchObject({ meterly_tracking_consent: value, meterly_advertising_consent: value, meterly_consent_banner: 'true' });
      const { rows } = await sut.db.query('SELECT tracking, advertising, source FROM consent_records WHERE user_agent = $1', [`ConsentForm/${anonymousId}`]);
      expect(rows).toEqual([{ tracking: value === 'true', advertising: value === 'true', source }]);
    });

    it("keeps the page's query from the Referer of the same page, and only then", async () => {
      const sameForm = (referer: string) => form(browserLike(sut).set('Referer', referer), 'choice=deny&back=%2Fquote');
      expect((await sameForm(`${sut.url}/quote?utm_source=news`).expect(303)).headers.location).toBe('/quote?utm_source=news');
      expect((await sameForm(`${sut.url}/profile?utm_source=news`).expect(303)).headers.location).toBe('/quote');
      expect((await sameForm('https://evil.test/quote?x=1').expect(303)).headers.location).toBe('/quote');
    });

    it.each([
      ['another site', 'https://evil.test/'],
      ['a protocol-relative address', '//evil.test/quote'],
      ['a backslash path', '/\\evil.test'],
      ['a script', 'javascript:alert(1)'],
      ['no page', ''],
    ])('refuses a page that is %s (400) and records nothing', async (_case, back) => {
      const before = await recordCount();
      const res = await form(browserLike(sut), `choice=accept&back=${encodeURIComponent(back)}`).expect(400);
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code: 'INVALID_INPUT', message: expect.any(String) }) });
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(await recordCount()).toBe(before);
    });

    it.each([
      ['an unknown choice', 'choice=maybe&back=%2F', 400],
      ['two choices', 'choice=accept&choice=deny&back=%2F', 400],
      ['an unknown field', 'choice=accept&back=%2F&tracking=true', 400],
      ['a NUL in the page', 'choice=accept&back=%2F%00', 400],
    ])('refuses %s and records nothing', async (_case, body, status) => {
      const before = await recordCount();
      const res = await form(browserLike(sut), body).expect(status);
      expect(res.body).toEqual({ success: false, error: expect.objectContaining({ message: expect.any(String) }) });
      expect(await recordCount()).toBe(before);
    });

    it('refuses a form from another site, or one that does not say where it comes from (403), and records nothing', async () => {
      const before = await recordCount();
      const body = 'choice=accept&back=%2F';
      for (const client of [
        request(sut.url).post('/api/consent/form').set('Origin', 'https://evil.test'),
        request(sut.url).post('/api/consent/form').set('Origin', 'null'),
        request(sut.url).post('/api/consent/form').set('Sec-Fetch-Site', 'cross-site'),
        request(sut.url).post('/api/consent/form').set('Origin', sut.url).set('Sec-Fetch-Site', 'same-site'),
        request(sut.url).post('/api/consent/form'),
      ]) {
        const res = await client.type('form').send(body).expect(403);
        expect(res.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: 'This request did not come from the Meterly site.' } });
      }
      await request(sut.url).post('/api/consent/form').set('Sec-Fetch-Site', 'same-origin').type('form').send(body).expect(303);
      expect(await recordCount()).toBe(before + 1);
    });

    it('takes a form post on this route only: the rest of the API stays JSON', async () => {
      await browserLike(sut).post('/api/consent').type('form').send('tracking=true&advertising=true&source=banner-accept').expect(415);
    });
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
