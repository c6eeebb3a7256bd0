import { createHash } from 'node:crypto';
import { Client } from 'pg';
import request from 'supertest';
import { mailCount, waitForMail, linkFromMail } from '../../support/mailbox';
import { OFF_ORIGIN_REDIRECTS } from '../../support/off-origin-redirects';
import { browserLike, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('POST /api/auth/magic-link', () => {
  // A trusted proxy on loopback: each test speaks from its own client address (X-Forwarded-For),
  // so the per-address limit of one test does not leak into another.
  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback' } });

  /** Moves an address's link hits back past the one-a-minute window, as if a minute had gone by. */
  async function ageLinkHits(email: string): Promise<void> {
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    try {
      await db.query(`UPDATE rate_limit_hits SET hit_at = hit_at - interval '61 seconds' WHERE bucket LIKE $1`, [`%${email.toLowerCase()}`]);
    } finally {
      await db.end();
    }
  }

  let ipCounter = 0;
  const post = (body: unknown, ip = `198.51.100.${++ipCounter}`) =>
    browserLike(sut)
      .post('/api/auth/magic-link')
      .set('X-Forwarded-For', ip)
      .send(body as object);

  it('answers {success:true} and mails a link to /magic-link with the code in the fragment', async () => {
    const email = uniqueEmail('jane');
    const res = await post({ email, redirectUri: '/quote/application' }).expect(200);
    expect(res.body).toEqual({ success: true });
    const mail = await waitForMail(sut.databaseUrl, email);
    expect(mail.subject).toBe('Your Meterly sign-in link');
    const link = new URL(linkFromMail(mail));
    expect(link.origin).toBe(sut.url);
    expect(link.pathname).toBe('/magic-link');
    expect(link.search).toBe(`?redirect=${encodeURIComponent('/quote/application')}`);
    expect(link.hash).toMatch(/^#code=[A-Za-z0-9_-]{43}&email=j%E2%80%A2%E2%80%A2%E2%80%A2%40example\.com$/);
    expect(mail.html).toContain(link.href.replace(/&/g, '&#38;'));
  });

  it('writes the mail in the visitor language (Accept-Language from the page), text and HTML', async () => {
    const email = uniqueEmail('ana');
    await post({ email }).set('Accept-Language', 'es').expect(200);
    const mail = await waitForMail(sut.databaseUrl, email);
    expect(mail.subject).toBe('Tu enlace para iniciar sesión en Meterly');
    expect(new URL(linkFromMail(mail)).pathname).toBe('/es/magic-link');
    expect(mail.text).toContain('Sirve una sola vez');
    expect(mail.html).toContain('<html lang="es">');
  });

  it('keeps only the SHA-256 of the code, valid 15 minutes', async () => {
    const email = uniqueEmail('hash');
    await post({ email }).expect(200);
    const mail = await waitForMail(sut.databaseUrl, email);
    const code = /#code=([A-Za-z0-9_-]{43})/.exec(mail.text)![1];
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    try {
      const { rows } = await db.query(
        `SELECT encode(code_hash, 'hex') AS hash, extract(epoch FROM expires_at - created_at)::int AS lifetime FROM sign_in_codes WHERE lower(email) = lower($1)`,
        [email],
      );
      expect(rows).toHaveLength(1);
      expect(rows[0].hash).toBe(createHash('sha256').update(code).digest('hex'));
      expect(rows[0].lifetime).toBe(15 * 60);
      const dump = JSON.stringify((await db.query('SELECT * FROM sign_in_codes')).rows);
      expect(dump).not.toContain(code);
    } finally {
      await db.end();
    }
  });

  it.each([
    ['a malformed address', { email: 'not-an-email' }, 'That e-mail address is not valid.'],
    ['an empty address', { email: '' }, 'Enter your e-mail address.'],
    ['an address over 254 characters', { email: `${'a'.repeat(250)}@example.com` }, 'That e-mail address is too long.'],
    ['an address with CR/LF', { email: 'jane@example.com\r\nBcc: all@example.com' }, 'That e-mail address is not valid.'],
    ['an unknown field', { email: 'jane@example.com', admin: true }, 'property admin should not exist'],
    ['an off-site redirect', { email: 'jane@example.com', redirectUri: 'https://evil.test' }, 'The redirect must be a page of this site.'],
  ])('refuses %s with a clear 400 in the envelope', async (_case, body, message) => {
    const res = await post(body).expect(400);
    expect(res.body.success).toBe(false);
    expect(res.body.error.message).toContain(message);
  });

  it.each(OFF_ORIGIN_REDIRECTS)('refuses the off-origin redirect %p with 400, sending nothing', async (redirectUri) => {
    const email = uniqueEmail('redirect');
    const res = await post({ email, redirectUri }).expect(400);
    expect(res.body.error.message).toMatch(/redirect must be a page of this site/);
    expect(await mailCount(sut.databaseUrl, email)).toBe(0);
  });

  it('refuses a body that is not JSON with 400, never 500', async () => {
    const res = await browserLike(sut).post('/api/auth/magic-link').set('Content-Type', 'application/json').send('{"email":').expect(400);
    expect(res.body).toEqual({ success: false, error: { message: 'The request body is not valid JSON.', code: 'BAD_REQUEST' } });
  });

  it('refuses a body over the size limit with 413', async () => {
    const res = await browserLike(sut)
      .post('/api/auth/magic-link')
      .set('Content-Type', 'application/json')
      .send(JSON.stringify({ email: 'jane@example.com', padding: 'x'.repeat(40_000) }))
      .expect(413);
    expect(res.body.success).toBe(false);
  });

  it('refuses a request that is not JSON with 415', async () => {
    await browserLike(sut).post('/api/auth/magic-link').type('form').send('email=jane@example.com').expect(415);
  });

  it('answers a known and an unknown address the same way', async () => {
    const known = uniqueEmail('known');
    // Becomes known: signs in once (its link arrives; its minute passes in the limiter).
    await post({ email: known }).expect(200);
    await waitForMail(sut.databaseUrl, known);
    await ageLinkHits(known);
    const answers = [await post({ email: known }), await post({ email: uniqueEmail('unknown') })];
    for (const res of answers) {
      expect(res.status).toBe(200);
      expect(res.body).toEqual({ success: true });
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(answers[0].headers).sort());
    }
  });

  it('says a link was just sent, and for how long, to a second request within the minute, for a known and an unknown address alike', async () => {
    const known = uniqueEmail('again-known');
    await post({ email: known }).expect(200);
    await waitForMail(sut.databaseUrl, known);
    await ageLinkHits(known);
    await post({ email: known }).expect(200);
    const unknown = uniqueEmail('again-unknown');
    await post({ email: unknown }).expect(200);
    const answers = [await post({ email: known }), await post({ email: unknown })];
    for (const res of answers) {
      expect(res.status).toBe(429);
      expect(res.body.success).toBe(false);
      expect(res.body.error.code).toBe('LINK_RECENTLY_SENT');
      expect(res.body.error.message).toMatch(/^We just sent a link to this address\. You can ask for another in \d+ seconds\.$/);
      const seconds = res.body.error.extra.retryAfterSeconds;
      expect(seconds).toBeGreaterThan(0);
      expect(seconds).toBeLessThanOrEqual(60);
      expect(res.headers['retry-after']).toBe(String(seconds));
      expect(Object.keys(res.headers).sort()).toEqual(Object.keys(answers[0].headers).sort());
    }
    // Nothing more went out: one link each for the unknown address, two for the known one.
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(await mailCount(sut.databaseUrl, unknown)).toBe(1);
    expect(await mailCount(sut.databaseUrl, known)).toBe(2);
  });

  it('voids older unused links when a newer one is sent', async () => {
    const email = uniqueEmail('void');
    await post({ email }).expect(200);
    await waitForMail(sut.databaseUrl, email);
    const db = new Client({ connectionString: sut.databaseUrl });
    await db.connect();
    try {
      // A minute later (the per-address limit), a second link.
      await db.query(`UPDATE rate_limit_hits SET hit_at = hit_at - interval '61 seconds' WHERE bucket LIKE $1`, [`%${email}`]);
      await post({ email }).expect(200);
      await waitForMail(sut.databaseUrl, email, { seen: 1 });
      const { rows } = await db.query(`SELECT voided_at IS NOT NULL AS voided FROM sign_in_codes WHERE email = $1 ORDER BY created_at`, [email]);
      expect(rows.map((r) => r.voided)).toEqual([true, false]);
    } finally {
      await db.end();
    }
  });

  it('does not exist as a mailbox page when SMTP_URL is set, and does in local mode', async () => {
    await request(sut.url).get('/dev/mailbox').expect(200).expect('Content-Type', /html/);
    expect(await mailCount(sut.databaseUrl, 'nobody@example.com')).toBe(0);
  });
});
