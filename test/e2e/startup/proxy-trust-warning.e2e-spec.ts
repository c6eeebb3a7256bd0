import request from 'supertest';
import { captureOutput } from '../../support/capture-output';
import { createTestApp, type TestApp } from '../../support/test-app';

const PUBLIC_URL = 'https://www.meterly.example';

/**
 * Behind a TLS-terminating proxy the server sees plain http. With an https: PUBLIC_URL the
 * session cookie is Secure, and express-session silently refuses to set a Secure cookie on
 * what it thinks is plain http: nobody can sign in, and nothing said why. The log says so.
 */
describe('A TLS proxy the server does not trust', () => {
  // Each case starts an application of its own: about a second alone, past 30 s on a loaded CI machine once.
  jest.setTimeout(90_000);
  let output: ReturnType<typeof captureOutput>;
  let sut: TestApp | undefined;

  beforeEach(() => {
    output = captureOutput();
  });

  afterEach(async () => {
    output.restore();
    await sut?.close();
    sut = undefined;
  });

  const warnings = () =>
    output
      .text()
      .split('\n')
      .filter((line) => line.includes('TRUSTED_PROXIES'));
  const askForSession = (app: TestApp, forwarded: Record<string, string> = {}) =>
    request(app.url).post('/api/session').set('Origin', PUBLIC_URL).set(forwarded).send({ locale: 'es' }).expect(200);

  it('with an https: PUBLIC_URL and no TRUSTED_PROXIES, warns once, naming TRUSTED_PROXIES', async () => {
    sut = await createTestApp({ PUBLIC_URL });
    // What the customer gets: an answer, and no cookie.
    const first = await askForSession(sut, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' });
    expect(first.headers['set-cookie']).toBeUndefined();
    await askForSession(sut, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/"level":40|WARN/i);
    expect(warnings()[0]).toContain('PUBLIC_URL');
  });

  it('with the proxy trusted but not saying https, warns on the first such request, once', async () => {
    sut = await createTestApp({ PUBLIC_URL, TRUSTED_PROXIES: 'loopback' });
    // A health probe calling the server directly is no proxy's request.
    await request(sut.url).get('/api/health').expect(200);
    expect(warnings()).toEqual([]);
    const first = await askForSession(sut, { 'X-Forwarded-For': '203.0.113.5' });
    expect(first.headers['set-cookie']).toBeUndefined();
    await askForSession(sut, { 'X-Forwarded-For': '203.0.113.5' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toContain('through the trusted proxy at');
  });

  it('with a proxy at an address TRUSTED_PROXIES does not name, warns once, naming the address to add', async () => {
    sut = await createTestApp({ PUBLIC_URL, TRUSTED_PROXIES: '10.0.0.0/8' });
    const first = await askForSession(sut, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' });
    expect(first.headers['set-cookie']).toBeUndefined();
    await askForSession(sut, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' });
    expect(warnings()).toHaveLength(1);
    expect(warnings()[0]).toMatch(/came from (::ffff:)?127\.0\.0\.1, which TRUSTED_PROXIES \(10\.0\.0\.0\/8\) does not name/);
  });

  it('says nothing when the trusted proxy forwards https, or when the site is plain http', async () => {
    sut = await createTestApp({ PUBLIC_URL, TRUSTED_PROXIES: 'loopback' });
    const res = await askForSession(sut, { 'X-Forwarded-Proto': 'https', 'X-Forwarded-For': '203.0.113.5' });
    expect(String(res.headers['set-cookie'])).toMatch(/^__Host-meterly\.sid=/);
    await sut.close();
    sut = await createTestApp();
    await request(sut.url).post('/api/session').set('Origin', sut.url).send({ locale: 'es' }).expect(200);
    expect(warnings()).toEqual([]);
  });
});
