import request from 'supertest';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

/** Waits until a check passes (the mail job runs on its own). */
async function eventually(check: () => Promise<void>, ms = 15_000): Promise<void> {
  const until = Date.now() + ms;
  for (;;) {
    try {
      return await check();
    } catch (error) {
      if (Date.now() > until) throw error;
      await new Promise((resolve) => setTimeout(resolve, 200));
    }
  }
}

describe('GET /metrics (issue 16)', () => {
  jest.setTimeout(90_000);

  describe('with the defaults (loopback only, no proxy trusted)', () => {
    const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

    it('answers loopback in the Prometheus text format with every series after some traffic', async () => {
      await request(sut.url).get('/api/health').expect(200);
      await request(sut.url).get('/api/policies/7d1c2a34-5b6e-4f70-8a91-b2c3d4e5f607').expect(401);
      await request(sut.url).get('/');
      await request(sut.url).get('/').expect(200);
      await signIn(sut, 'customer@meterly.test');

      await eventually(async () => {
        const res = await request(sut.url).get('/metrics').expect(200);
        expect(res.headers['content-type']).toBe('text/plain; version=0.0.4; charset=utf-8');
        expect(res.text).toMatch(/^meterly_mail_sent_total [1-9]/m);
      });
      const text = (await request(sut.url).get('/metrics').expect(200)).text;
      expect(text).toMatch(/^meterly_http_request_duration_seconds_count\{method="GET",route="\/api\/health",status_class="2xx"\} [1-9]/m);
      expect(text).toMatch(/^meterly_http_request_duration_seconds_bucket\{le="0\.1",method="GET",route="\/api\/health",status_class="2xx"\} \d+/m);
      expect(text).toMatch(/route="\/api\/policies\/:id",status_class="4xx"/);
      expect(text).toMatch(/^meterly_http_request_duration_seconds_count\{method="GET",route="page \(from memory\)",status_class="2xx"\} [1-9]/m);
      // The raw URL never becomes a label.
      expect(text).not.toContain('7d1c2a34');
      expect(text).toMatch(/^meterly_sessions_active [1-9]/m);
      expect(text).toMatch(/^meterly_db_pool_connections\{state="max"\} 10$/m);
      expect(text).toMatch(/^meterly_db_pool_connections\{state="total"\} [1-9]/m);
      for (const series of ['meterly_http_server_errors_total', 'meterly_jobs', 'meterly_mail_send_failures_total', 'meterly_payment_charges_total']) {
        expect(text).toContain(`# TYPE ${series} `);
      }
      expect(text).toMatch(/^process_cpu_seconds_total /m);
    });

    it('is no API: other methods get what any unknown path gets', async () => {
      await request(sut.url).post('/metrics').set('Origin', sut.url).send({}).expect(404);
    });
  });

  describe('with METRICS_ALLOW_FROM=10.0.0.0/8 and no proxy trusted', () => {
    const sut = useTestApp({ env: { METRICS_ALLOW_FROM: '10.0.0.0/8' } });

    it('refuses loopback, and a forged X-Forwarded-For, with the site’s 404 page', async () => {
      const direct = await request(sut.url).get('/metrics').expect(404);
      expect(direct.text).not.toContain('meterly_http_request_duration_seconds');
      const notFoundPage = await request(sut.url).get('/no-such-page-here').expect(404);
      expect(direct.headers['content-type']).toBe(notFoundPage.headers['content-type']);
      const forged = await request(sut.url).get('/metrics').set('X-Forwarded-For', '10.1.2.3').expect(404);
      expect(forged.text).not.toContain('meterly_http_request_duration_seconds');
    });
  });

  describe('with METRICS_ALLOW_FROM=10.0.0.0/8 behind a trusted proxy on loopback (issue 30)', () => {
    const sut = useTestApp({ env: { METRICS_ALLOW_FROM: '10.0.0.0/8', TRUSTED_PROXIES: 'loopback' } });

    it('answers no one the proxy names, not even a client in the network: access is by socket, never by header', async () => {
      await request(sut.url).get('/metrics').set('X-Forwarded-For', '10.1.2.3').expect(404);
      await request(sut.url).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(404);
      await request(sut.url).get('/metrics').expect(404);
    });
  });
});
