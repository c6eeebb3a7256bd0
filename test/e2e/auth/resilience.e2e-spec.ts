import request from 'supertest';
import { PostgresProcess } from '../../support/postgres-process';
import { browserLike, sessionCookieOf, signIn } from '../../support/sign-in';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../../support/test-app';
import { createTestDatabase } from '../../support/test-database';

describe('Sessions across restarts, outages and instances', () => {
  jest.setTimeout(90_000);

  describe('with PostgreSQL stopped', () => {
    let pg: PostgresProcess;
    let sut: TestApp;

    beforeAll(async () => {
      pg = await PostgresProcess.create();
      sut = await createTestApp({}, { databaseUrl: pg.url });
    }, APP_START_TIMEOUT_MS);

    afterAll(async () => {
      await sut.close().catch(() => undefined);
      await pg.destroy();
    });

    it('answers /api/session with 503 within 5 s and no cookie, then the same cookie is signed in again', async () => {
      const visitor = await signIn(sut);
      const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
      await pg.stop();

      const started = Date.now();
      const res = await browserLike(sut).get('/api/session').set('Cookie', cookie);
      expect(res.status).toBe(503);
      expect(Date.now() - started).toBeLessThan(5000);
      expect(res.headers['set-cookie']).toBeUndefined();
      expect(res.body).toEqual({ success: false, error: { code: 'SERVICE_UNAVAILABLE', message: expect.stringMatching(/session/) } });

      await pg.start();
      const back = await browserLike(sut).get('/api/session').set('Cookie', cookie).expect(200);
      expect(back.body.payload.userId).toBeDefined();
    });
  });

  describe('on one database', () => {
    let databaseUrl: string;
    let dropDatabase: () => Promise<void>;

    beforeAll(async () => {
      const database = await createTestDatabase();
      databaseUrl = database.url;
      dropDatabase = database.drop;
    });

    afterAll(async () => {
      await dropDatabase();
    });

    it('keeps every session across a restart of the server', async () => {
      const first = await createTestApp({}, { databaseUrl });
      const visitor = await signIn(first);
      const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
      await first.close();
      const second = await createTestApp({}, { databaseUrl });
      try {
        const res = await browserLike(second).get('/api/session').set('Cookie', cookie).expect(200);
        expect(res.body.payload.userId).toBeDefined();
      } finally {
        await second.close();
      }
    });

    it('keeps sessions signed with the old secret valid after a rotation (SESSION_SECRETS=new,old)', async () => {
      const before = await createTestApp({ SESSION_SECRETS: 'the-old-secret-that-is-long-enough-000001' }, { databaseUrl });
      const visitor = await signIn(before);
      const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
      await before.close();
      const after = await createTestApp(
        { SESSION_SECRETS: 'the-new-secret-that-is-long-enough-000002,the-old-secret-that-is-long-enough-000001' },
        { databaseUrl },
      );
      try {
        const res = await browserLike(after).get('/api/session').set('Cookie', cookie).expect(200);
        expect(res.body.payload.userId).toBeDefined();
      } finally {
        await after.close();
      }
    });

    it('names the cookie __Host- and marks it Secure when served over TLS', async () => {
      const tls = await createTestApp({ PUBLIC_URL: 'https://www.meterly.example', TRUSTED_PROXIES: 'loopback' }, { databaseUrl });
      try {
        const res = await request(tls.url)
          .post('/api/session')
          .set('Origin', 'https://www.meterly.example')
          .set('X-Forwarded-Proto', 'https')
          .send({ locale: 'es' })
          .expect(200);
        const cookie = ([] as string[]).concat(res.headers['set-cookie'] ?? []).join('\n');
        expect(cookie).toMatch(/^__Host-meterly\.sid=/);
        expect(cookie).toMatch(/; Path=\//);
        expect(cookie).toMatch(/; HttpOnly/);
        expect(cookie).toMatch(/; Secure/);
        expect(cookie).toMatch(/; SameSite=Lax/);
        expect(cookie).not.toMatch(/Domain=/);
      } finally {
        await tls.close();
      }
    });

    it('signs in through one instance, works on the other, and a sign-out on one ends it on both', async () => {
      const a = await createTestApp({}, { databaseUrl });
      const b = await createTestApp({}, { databaseUrl });
      try {
        const visitor = await signIn(a);
        const cookie = sessionCookieOf(await visitor.get('/api/session'))!;
        const onB = await browserLike(b).get('/api/session').set('Cookie', cookie).expect(200);
        expect(onB.body.payload.userId).toBeDefined();
        await browserLike(b).post('/api/auth/sign-out').set('Cookie', cookie).send({}).expect(200);
        expect((await browserLike(a).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
        expect((await browserLike(b).get('/api/session').set('Cookie', cookie)).body.payload).toEqual({});
      } finally {
        await a.close();
        await b.close();
      }
    });
  });
});
