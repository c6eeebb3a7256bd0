import { randomUUID } from 'node:crypto';
import http from 'node:http';
import { Client } from 'pg';
import { browserLike } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import type { AddressInfo } from 'node:net';

const ALLOWED = 'meterly_consent_banner=true; meterly_tracking_consent=true; meterly_advertising_consent=false';

function event(overrides: Record<string, unknown> = {}) {
  return {
    type: 'page',
    messageId: `ajs-next-${randomUUID()}`,
    anonymousId: randomUUID(),
    userId: null,
    properties: { path: '/quote', ff_web_live_chat: true },
    context: { locale: 'en-US', page: { path: '/quote' } },
    integrations: {},
    timestamp: new Date().toISOString(),
    writeKey: 'meterly-web',
    _metadata: { bundled: ['Segment.io'], unbundled: [], bundledIds: [] },
    ...overrides,
  };
}

describe('POST /api/a/b (analytics proxy)', () => {
  jest.setTimeout(60_000);

  describe('without an upstream: stored in Postgres', () => {
    const sut = useTestApp({ db: true });

    const stored = async () => (await sut.db.query('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n as number;

    it('stores each event of a batch once, even when the batch is retried', async () => {
      const batch = {
        batch: [event(), event({ type: 'track', event: 'Quote Started', properties: { step: 1 } })],
        writeKey: 'meterly-web',
        sentAt: new Date().toISOString(),
      };
      const res = await browserLike(sut).post('/api/a/b').set('Cookie', ALLOWED).send(batch).expect(200);
      expect(res.body).toEqual({ success: true, payload: { received: 2, delivery: 'stored' } });
      await browserLike(sut).post('/api/a/b').set('Cookie', ALLOWED).set('X-Retry-Count', '1').send(batch).expect(200);
      const { rows } = await sut.db.query('SELECT type, event, properties FROM analytics_events WHERE message_id = ANY($1) ORDER BY type', [
        batch.batch.map((e) => e.messageId),
      ]);
      expect(rows).toEqual([
        { type: 'page', event: null, properties: { path: '/quote', ff_web_live_chat: true } },
        { type: 'track', event: 'Quote Started', properties: { step: 1 } },
      ]);
    });

    it('refuses events from a browser that does not allow performance cookies, storing nothing', async () => {
      const before = await stored();
      for (const cookie of [undefined, 'meterly_consent_banner=true; meterly_tracking_consent=false', 'meterly_tracking_consent=true']) {
        const call = browserLike(sut).post('/api/a/b');
        if (cookie) call.set('Cookie', cookie);
        const res = await call.send({ batch: [event()] }).expect(403);
        expect(res.body.error.code).toBe('CONSENT_REQUIRED');
      }
      expect(await stored()).toBe(before);
    });

    it.each([
      ['malformed JSON', '{"batch": [', 400],
      ['an oversized batch (21 events)', JSON.stringify({ batch: Array.from({ length: 21 }, () => event({ properties: {}, context: {} })) }), 400],
      ['an empty batch', JSON.stringify({ batch: [] }), 400],
      ['batch not a list', JSON.stringify({ batch: event() }), 400],
      ['an unknown event type', JSON.stringify({ batch: [event({ type: 'pageview' })] }), 400],
      ['properties as a string', JSON.stringify({ batch: [event({ properties: 'path=/quote' })] }), 400],
      ['a messageId that is a number', JSON.stringify({ batch: [event({ messageId: 42 })] }), 400],
      ['a NUL character', JSON.stringify({ batch: [event({ properties: { q: 'a\u0000b' } })] }), 400],
      ['a body over 32 kB', JSON.stringify({ batch: [event({ properties: { blob: 'x'.repeat(40_000) } })] }), 413],
    ])('refuses %s with a clear 4xx and stores nothing', async (_case, body, status) => {
      const before = await stored();
      const res = await browserLike(sut).post('/api/a/b').set('Cookie', ALLOWED).set('Content-Type', 'application/json').send(body).expect(status);
      expect(res.body.success).toBe(false);
      expect(res.body.error.message).toEqual(expect.any(String));
      expect(await stored()).toBe(before);
    });
  });

  describe('with ANALYTICS_UPSTREAM_URL: forwarded intact', () => {
    let upstream: http.Server;
    let answer = 200;
    const received: Array<{ path: string; authorization?: string; body: unknown }> = [];

    beforeAll(async () => {
      upstream = http.createServer((req, res) => {
        let body = '';
        req.on('data', (chunk) => (body += chunk));
        req.on('end', () => {
          received.push({ path: req.url ?? '', authorization: req.headers.authorization, body: JSON.parse(body) });
          res.writeHead(answer, { 'content-type': 'application/json' }).end('{"success":true}');
        });
      });
      await new Promise<void>((resolve) => upstream.listen(0, '127.0.0.1', resolve));
    });

    const sut = useTestApp(() => {
      const { port } = upstream.address() as AddressInfo;
      return { env: { ANALYTICS_UPSTREAM_URL: `http://127.0.0.1:${port}/v1`, ANALYTICS_WRITE_KEY: 'wk_test_123' } };
    });

    afterAll(async () => {
      await new Promise((resolve) => upstream.close(resolve));
    });

    it('sends the batch as received to <upstream>/b with the write key, and stores nothing itself', async () => {
      const batch = { batch: [event(), event()], writeKey: 'wk_test_123', sentAt: new Date().toISOString() };
      await browserLike(sut)
        .post('/api/a/b')
        .set('Cookie', ALLOWED)
        .send(batch)
        .expect(200, { success: true, payload: { received: 2, delivery: 'forwarded' } });
      expect(received.at(-1)).toEqual({ path: '/v1/b', authorization: `Basic ${Buffer.from('wk_test_123:').toString('base64')}`, body: batch });
      const db = new Client({ connectionString: sut.databaseUrl });
      await db.connect();
      expect((await db.query('SELECT count(*)::int AS n FROM analytics_events')).rows[0].n).toBe(0);
      await db.end();
    });

    it('answers 502 when the service refuses, so the browser keeps the batch and retries', async () => {
      answer = 503;
      const res = await browserLike(sut)
        .post('/api/a/b')
        .set('Cookie', ALLOWED)
        .send({ batch: [event()] })
        .expect(502);
      expect(res.body.error.code).toBe('UPSTREAM_FAILED');
      answer = 200;
    });

    it('forwards nothing that failed validation', async () => {
      const count = received.length;
      await browserLike(sut)
        .post('/api/a/b')
        .set('Cookie', ALLOWED)
        .send({ batch: [event({ type: 'nope' })] })
        .expect(400);
      expect(received).toHaveLength(count);
    });
  });
});
