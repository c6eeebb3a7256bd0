import { mailCount, waitForMail } from '../../support/mailbox';
import { browserLike, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

describe('Sign-in rate limits (held in Postgres)', () => {
  const clock = new TestClock();

  const sut = useTestApp({ env: { TRUSTED_PROXIES: 'loopback' }, clock });

  // With the loopback proxy trusted, the client is the last X-Forwarded-For entry; earlier ones are the
  // client's own claims, which must not reset a counter.
  const from = (ip: string, forged = `10.${Math.floor(Math.random() * 250)}.0.1`) => browserLike(sut).set('X-Forwarded-For', `${forged}, ${ip}`);

  it('allows 20 link requests per client address per hour, then answers 429 with Retry-After', async () => {
    const ip = '192.0.2.20';
    for (let i = 0; i < 20; i++) {
      await from(ip)
        .post('/api/auth/magic-link')
        .send({ email: uniqueEmail('ip') })
        .expect(200);
    }
    const res = await from(ip)
      .post('/api/auth/magic-link')
      .send({ email: uniqueEmail('ip') })
      .expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(3000);
    expect(Number(res.headers['retry-after'])).toBeLessThanOrEqual(3600);
    expect(res.body.error.message).toMatch(/^Too many attempts\. Please try again in \d+ minutes\.$/);
    // Another address is not affected.
    await from('192.0.2.21')
      .post('/api/auth/magic-link')
      .send({ email: uniqueEmail('ip') })
      .expect(200);
  });

  it('sends one link per address per minute, and five per hour, saying how long to wait past either', async () => {
    const email = uniqueEmail('limit');
    const ip = '192.0.2.30';
    await from(ip).post('/api/auth/magic-link').send({ email }).expect(200);
    await waitForMail(sut.databaseUrl, email);
    const again = await from(ip).post('/api/auth/magic-link').send({ email }).expect(429);
    expect(again.body.error).toMatchObject({ code: 'LINK_RECENTLY_SENT', extra: { retryAfterSeconds: 60 } });
    for (let sent = 2; sent <= 5; sent++) {
      clock.advance(61_000);
      await from(ip).post('/api/auth/magic-link').send({ email }).expect(200);
      await waitForMail(sut.databaseUrl, email, { seen: sent - 1 });
    }
    clock.advance(61_000);
    const sixth = await from(ip).post('/api/auth/magic-link').send({ email }).expect(429);
    expect(sixth.body.error.code).toBe('LINK_RECENTLY_SENT');
    // The first of the five leaves the hour's window after about 55 minutes more.
    expect(sixth.body.error.extra.retryAfterSeconds).toBeGreaterThan(50 * 60);
    expect(sixth.body.error.message).toMatch(/^We just sent a link to this address\. You can ask for another in \d+ minutes\.$/);
    await new Promise((resolve) => setTimeout(resolve, 2500));
    expect(await mailCount(sut.databaseUrl, email)).toBe(5);
    // An hour after the first, a link goes out again.
    clock.advance(60 * 60_000);
    await from(ip).post('/api/auth/magic-link').send({ email }).expect(200);
    await waitForMail(sut.databaseUrl, email, { seen: 5 });
  });

  it('allows 30 code exchanges per client address per 10 minutes, then answers 429', async () => {
    const ip = '192.0.2.40';
    for (let i = 0; i < 30; i++) {
      await from(ip)
        .post('/api/auth/exchange-token')
        .send({ code: 'B'.repeat(43) })
        .expect(400);
    }
    const res = await from(ip)
      .post('/api/auth/exchange-token')
      .send({ code: 'B'.repeat(43) })
      .expect(429);
    expect(Number(res.headers['retry-after'])).toBeGreaterThan(0);
    clock.advance(10 * 60_000 + 1000);
    await from(ip)
      .post('/api/auth/exchange-token')
      .send({ code: 'B'.repeat(43) })
      .expect(400);
  });
});
