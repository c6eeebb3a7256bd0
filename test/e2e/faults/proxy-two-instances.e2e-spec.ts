import { AUTH_LIMITS } from '../../../src/modules/auth/auth-limits';
import { freePort } from '../../support/free-port';
import { HttpsClient } from '../../support/https-client';
import { codeFromMail, mailCount, waitForMail } from '../../support/mailbox';
import { startReverseProxy, type ReverseProxy } from '../../support/reverse-proxy';
import { startServerProcess, waitForOk, type ServerProcess } from '../../support/server-process';
import { uniqueEmail } from '../../support/sign-in';
import { TEST_SESSION_SECRET } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

/**
 * Production's shape: two instances of the built server on one database, behind haproxy
 * terminating TLS (a certificate made now), trusted by its address (TRUSTED_PROXIES=127.0.0.1:
 * not loopback, since the clients connect from other loopback addresses). Sessions, CSRF, rate
 * limits and cookies must behave as on one instance, whichever instance answers.
 */
describe('Two built servers behind a TLS reverse proxy', () => {
  jest.setTimeout(120_000);
  let database: Awaited<ReturnType<typeof createTestDatabase>>;
  let proxy: ReverseProxy;
  const servers: ServerProcess[] = [];
  const clients: HttpsClient[] = [];
  let customer: HttpsClient;
  let email: string;

  // Each client connects from its own loopback address: that is the address haproxy forwards.
  const client = (localAddress: string) => {
    const made = new HttpsClient(proxy.url, { ca: proxy.certificate, localAddress });
    clients.push(made);
    return made;
  };
  const instance = (answer: { headers: Record<string, unknown> }) => String(answer.headers['x-meterly-instance']);

  async function signInThroughProxy(browser: HttpsClient, address: string): Promise<void> {
    const seen = await mailCount(database.url, address);
    expect((await browser.post('/api/auth/magic-link', { email: address })).status).toBe(200);
    const code = codeFromMail(await waitForMail(database.url, address, { seen }));
    const exchanged = await browser.post('/api/auth/exchange-token', { code });
    expect(exchanged.status).toBe(200);
  }

  beforeAll(async () => {
    database = await createTestDatabase();
    const [proxyPort, onePort, twoPort] = [await freePort(), await freePort(), await freePort()];
    const env = {
      APP_ENV: 'TEST',
      DATABASE_URL: database.url,
      SESSION_SECRETS: TEST_SESSION_SECRET,
      PUBLIC_URL: `https://127.0.0.1:${proxyPort}`,
      TRUSTED_PROXIES: '127.0.0.1',
    };
    servers.push(startServerProcess({ ...env, PORT: String(onePort) }), startServerProcess({ ...env, PORT: String(twoPort) }));
    await Promise.all([
      waitForOk(`http://127.0.0.1:${onePort}/api/health`, 90_000, servers[0]),
      waitForOk(`http://127.0.0.1:${twoPort}/api/health`, 90_000, servers[1]),
    ]);
    proxy = await startReverseProxy(proxyPort, [
      { name: 'one', port: onePort },
      { name: 'two', port: twoPort },
    ]);
    customer = client('127.0.0.2');
    email = uniqueEmail('proxy');
    await signInThroughProxy(customer, email);
  });

  afterAll(async () => {
    for (const made of clients) made.close();
    await proxy?.close();
    for (const server of servers) server.child.kill('SIGTERM');
    await Promise.all(servers.map((server) => server.exited));
    await database?.drop();
  });

  it('sets the session cookie Secure, HttpOnly, SameSite=Lax and __Host- prefixed (Path=/, no Domain) through the proxy', async () => {
    const browser = client('127.0.0.3');
    await signInThroughProxy(browser, uniqueEmail('cookie'));
    expect(browser.cookieNames).toEqual(['__Host-meterly.sid']);
    const consent = await browser.post('/api/consent', { tracking: true, advertising: false, source: 'banner-confirm' });
    expect(consent.status).toBe(200);
    expect(consent.setCookies.length).toBeGreaterThan(0);
    for (const line of consent.setCookies) expect(line).toMatch(/; Secure/i);
    const session = await browser.post('/api/session', { locale: 'es' });
    const sid = session.setCookies.find((line) => line.startsWith('__Host-meterly.sid='));
    expect(sid).toBeDefined();
    expect(sid).toMatch(/; Path=\/(;|$)/);
    expect(sid).toMatch(/; HttpOnly/);
    expect(sid).toMatch(/; Secure/);
    expect(sid).toMatch(/; SameSite=Lax/);
    expect(sid).not.toMatch(/Domain=/i);
  });

  it('keeps the customer signed in whichever instance answers, and a sign-out through one ends it on both', async () => {
    const answers = [];
    for (let i = 0; i < 6; i += 1) answers.push(await customer.get('/api/session'));
    expect(new Set(answers.map(instance))).toEqual(new Set(['one', 'two']));
    for (const answer of answers) expect([instance(answer), answer.status, answer.body.payload.userId]).toEqual([instance(answer), 200, expect.any(String)]);
    expect(new Set(answers.map((answer) => answer.body.payload.userId)).size).toBe(1);
    expect((await customer.get('/api/account')).status).toBe(200);
    expect((await customer.get('/api/account')).status).toBe(200);

    // Sign-out through the proxy ends the session in the shared store: the cookie it had,
    // replayed afterwards, is worth nothing on either instance.
    const leaving = client('127.0.0.4');
    await signInThroughProxy(leaving, uniqueEmail('leaving'));
    const replay = leaving.cookieHeader;
    expect(replay).toMatch(/^__Host-meterly\.sid=/);
    expect((await leaving.post('/api/auth/sign-out', {})).status).toBe(200);
    const after = [];
    for (let i = 0; i < 4; i += 1) after.push(await leaving.get('/api/account', { Cookie: replay }));
    expect(new Set(after.map(instance))).toEqual(new Set(['one', 'two']));
    for (const answer of after) expect([instance(answer), answer.status]).toEqual([instance(answer), 401]);
  });

  it('lets same-origin writes through and refuses cross-origin ones, on both instances', async () => {
    const seen = { allowed: new Set<string>(), refused: new Set<string>() };
    // One after the other, so the round robin hands each kind to both instances.
    for (let i = 0; i < 4; i += 1) {
      const ours = await customer.post('/api/session', { locale: 'en-US' });
      expect(ours.status).toBe(200);
      seen.allowed.add(instance(ours));
    }
    for (let i = 0; i < 4; i += 1) {
      const foreign = await customer.post('/api/session', { locale: 'es' }, { Origin: 'https://evil.test' });
      expect([foreign.status, foreign.body.error.code]).toEqual([403, 'FORBIDDEN']);
      seen.refused.add(instance(foreign));
    }
    expect(seen.allowed).toEqual(new Set(['one', 'two']));
    expect(seen.refused).toEqual(new Set(['one', 'two']));
    // The origin is the proxy's https one: the same host over http is another origin.
    expect((await customer.post('/api/session', {}, { Origin: proxy.url.replace('https:', 'http:') })).status).toBe(403);
    expect((await customer.post('/api/session', {}, { Origin: undefined, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await customer.post('/api/session', {}, { Origin: undefined })).status).toBe(403);
    expect((await customer.get('/api/session')).body.payload.userId).toEqual(expect.any(String));
  });

  it('counts sign-in links per client address across both instances, whatever X-Forwarded-For the client forges', async () => {
    const served = new Set<string>();
    let accepted = 0;
    let refused: { status: number; headers: Record<string, unknown> } | undefined;
    for (let i = 0; i < AUTH_LIMITS.linksPerIpPerHour + 2 && !refused; i += 1) {
      // A different forged address each time: a client trying to look like many.
      const answer = await customer.post('/api/auth/magic-link', { email: uniqueEmail('limit') }, { 'X-Forwarded-For': `198.51.100.${i + 1}` });
      if (answer.status === 200) {
        accepted += 1;
        served.add(instance(answer));
      } else refused = answer;
    }
    expect(served).toEqual(new Set(['one', 'two']));
    expect(refused?.status).toBe(429);
    expect(refused?.headers['retry-after']).toBeDefined();
    // The customer's own sign-in (beforeAll) was the first link from this address.
    expect(accepted + 1).toBe(AUTH_LIMITS.linksPerIpPerHour);
    // Still refused on the other instance too, forged header or not.
    const again = [
      await customer.post('/api/auth/magic-link', { email: uniqueEmail('limit') }),
      await customer.post('/api/auth/magic-link', { email: uniqueEmail('limit') }, { 'X-Forwarded-For': '203.0.113.77' }),
    ];
    expect(new Set(again.map(instance))).toEqual(new Set(['one', 'two']));
    expect(again.map((answer) => answer.status)).toEqual([429, 429]);
    // Another client address (as the proxy forwards it) has its own count.
    expect((await client('127.0.0.5').post('/api/auth/magic-link', { email: uniqueEmail('other') })).status).toBe(200);
  });
});
