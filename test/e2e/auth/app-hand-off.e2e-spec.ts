import request from 'supertest';
import { browserLike, signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('The app hand-off', () => {
  const sut = useTestApp({
    env: { APP_LINK_DOMAIN: 'https://go.meterly.example', APPLE_APP_ID: 'ABCDE12345.com.meterly.app', ANDROID_PACKAGE_ID: 'com.meterly.app' },
  });

  it('gives a signed-in user a single-use code in an app link, which the app exchanges for its own session', async () => {
    const web = await signIn(sut, 'app-user@example.com');
    const res = await web.post('/api/auth/app-code').send({}).expect(200);
    const link = new URL(res.body.payload.link);
    expect(link.origin).toBe('https://go.meterly.example');
    expect(link.pathname).toBe('/web-login');
    const code = /^#code=([A-Za-z0-9_-]{43})$/.exec(link.hash)![1];
    expect(res.body.payload.code).toBe(code);
    expect(new Date(res.body.payload.expiresAt).getTime() - Date.now()).toBeLessThanOrEqual(5 * 60_000);

    // The app: no browser Origin, no cookie yet.
    const app = request.agent(sut.url);
    await app.post('/api/auth/exchange-token').send({ code }).expect(200);
    expect((await app.get('/api/session')).body.payload.userEmail).toBe('app-user@example.com');
    await request(sut.url).post('/api/auth/exchange-token').send({ code }).expect(401);
  });

  it('refuses an app code to a visitor who is not signed in', async () => {
    const res = await browserLike(sut).post('/api/auth/app-code').send({}).expect(401);
    expect(res.body.error.code).toBe('NOT_SIGNED_IN');
  });

  it('serves apple-app-site-association and assetlinks.json from configuration', async () => {
    const apple = await request(sut.url)
      .get('/.well-known/apple-app-site-association')
      .expect(200)
      .expect('Content-Type', /application\/json/);
    expect(apple.body.applinks.details[0].appIDs).toEqual(['ABCDE12345.com.meterly.app']);
    expect(apple.body.applinks.details[0].components).toEqual(expect.arrayContaining([{ '/': '/web-login' }, { '/': '/app-link' }]));
    const android = await request(sut.url).get('/.well-known/assetlinks.json').expect(200);
    expect(android.body[0].target).toMatchObject({ namespace: 'android_app', package_name: 'com.meterly.app' });
    expect(android.body[0].target.sha256_cert_fingerprints[0]).toMatch(/^([0-9A-F]{2}:){31}[0-9A-F]{2}$/);
  });

  it('renders /web-login for a signed-in user, and sends anyone else to sign in first', async () => {
    const web = await signIn(sut, 'web-login@example.com');
    await web.get('/web-login').expect(200);
    await request(sut.url).get('/web-login').expect(302).expect('Location', '/login?redirect=%2Fweb-login');
  });
});
