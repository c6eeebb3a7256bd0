import request from 'supertest';
import { sessionCookieOf, signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('Cross-site request forgery and CORS', () => {
  let cookie: string;

  const sut = useTestApp();

  beforeAll(async () => {
    const visitor = await signIn(sut);
    cookie = sessionCookieOf(await visitor.get('/api/session'))!;
  });

  const post = () => request(sut.url).post('/api/session').set('Content-Type', 'application/json');

  it('accepts a call with our cookie from our own origin', async () => {
    await post().set('Cookie', cookie).set('Origin', sut.url).send({ locale: 'es' }).expect(200);
    await post().set('Cookie', cookie).set('Sec-Fetch-Site', 'same-origin').send({ locale: 'es' }).expect(200);
  });

  it('refuses a call with our cookie from a foreign origin with 403', async () => {
    const res = await post().set('Cookie', cookie).set('Origin', 'https://evil.test').send({ locale: 'es' }).expect(403);
    expect(res.body).toEqual({ success: false, error: { code: 'FORBIDDEN', message: 'This request did not come from the Meterly site.' } });
  });

  it('matches the Origin as a whole, not as a prefix', async () => {
    await post().set('Cookie', cookie).set('Origin', `${sut.url}.evil.test`).send({}).expect(403);
    await post().set('Cookie', cookie).set('Origin', 'null').send({}).expect(403);
  });

  it('refuses a call with our cookie marked cross-site or same-site by the browser', async () => {
    await post().set('Cookie', cookie).set('Sec-Fetch-Site', 'cross-site').send({}).expect(403);
    await post().set('Cookie', cookie).set('Sec-Fetch-Site', 'same-site').send({}).expect(403);
  });

  it('refuses a call with our cookie and neither Origin nor Sec-Fetch-Site', async () => {
    await post().set('Cookie', cookie).send({ locale: 'es' }).expect(403);
  });

  it('does not refuse a call without our cookie for lacking an Origin (the app, a partner)', async () => {
    await request(sut.url).post('/api/auth/magic-link').set('Content-Type', 'application/json').send({ email: 'partner@example.com' }).expect(200);
  });

  it('refuses a foreign Origin even without our cookie', async () => {
    await request(sut.url).post('/api/auth/magic-link').set('Origin', 'https://evil.test').send({ email: 'x@example.com' }).expect(403);
  });

  it('answers a state-changing call that is not JSON with 415', async () => {
    await request(sut.url).post('/api/auth/sign-out').set('Origin', sut.url).type('form').send('a=1').expect(415);
    await request(sut.url).post('/api/auth/sign-out').set('Origin', sut.url).set('Content-Type', 'text/plain').send('{}').expect(415);
    await request(sut.url).post('/api/auth/sign-out').set('Origin', sut.url).expect(415);
  });

  it('changes no state on GET', async () => {
    await request(sut.url).get('/api/auth/sign-out').expect(404);
    await request(sut.url).get('/api/auth/magic-link?email=x@example.com').expect(404);
  });

  it('sends no CORS headers to other origins, even for a preflight', async () => {
    const res = await request(sut.url).options('/api/session').set('Origin', 'https://evil.test').set('Access-Control-Request-Method', 'POST');
    expect(res.headers['access-control-allow-origin']).toBeUndefined();
    expect(res.headers['access-control-allow-credentials']).toBeUndefined();
    const get = await request(sut.url).get('/api/session').set('Origin', 'https://evil.test');
    expect(get.headers['access-control-allow-origin']).toBeUndefined();
  });
});
