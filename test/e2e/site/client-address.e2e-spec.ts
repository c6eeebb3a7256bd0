import http from 'node:http';
import request from 'supertest';
import { AUTH_LIMITS } from '../../../src/modules/auth/auth-limits';
import { uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

const PROXY = '127.0.0.1';
const SCRAPER = '127.0.0.5';
const STRANGER = '127.0.0.9';
const TOKEN = 'metrics-scrape-token-0123456789-abcdefgh';
const SERIES = 'meterly_http_request_duration_seconds';

/**
 * Issue 30, item 3: the client's address was whatever the caller said. Here the proxy is trusted
 * by its address (TRUSTED_PROXIES=127.0.0.1) and each caller connects from an address of its
 * own on loopback (Linux answers all of 127.0.0.0/8): the proxy, a scraper METRICS_ALLOW_FROM
 * names, and a stranger who reaches the server directly and writes X-Forwarded-For himself.
 */
describe('The client address: trusted proxies by address, /metrics by socket or token (issue 30)', () => {
  jest.setTimeout(120_000);
  const agents: http.Agent[] = [];

  const sut = useTestApp({ env: { TRUSTED_PROXIES: PROXY, METRICS_ALLOW_FROM: SCRAPER, METRICS_TOKEN: TOKEN } });
  sut.beforeClose(async () => {
    for (const agent of agents) agent.destroy();
  });

  /** Requests whose socket comes from `localAddress`. */
  const from = (localAddress: string) => {
    const agent = new http.Agent({ localAddress });
    agents.push(agent);
    return {
      get: (path: string) => request(sut.url).get(path).agent(agent),
      link: (forwardedFor?: string) => {
        const post = request(sut.url).post('/api/auth/magic-link').agent(agent).set('Origin', sut.url);
        if (forwardedFor) post.set('X-Forwarded-For', forwardedFor);
        return post.send({ email: uniqueEmail('address') });
      },
    };
  };

  describe('GET /metrics', () => {
    it('answers a scraper connecting from an address METRICS_ALLOW_FROM names', async () => {
      expect((await from(SCRAPER).get('/metrics').expect(200)).text).toContain(SERIES);
    });

    it('answers a stranger writing that address in X-Forwarded-For with the site’s 404', async () => {
      const notFoundPage = await from(STRANGER).get('/no-such-page-here').expect(404);
      for (const forged of [SCRAPER, '127.0.0.1', `${SCRAPER}, ${SCRAPER}`]) {
        const res = await from(STRANGER).get('/metrics').set('X-Forwarded-For', forged).expect(404);
        expect(res.text).not.toContain(SERIES);
        expect(res.headers['content-type']).toBe(notFoundPage.headers['content-type']);
      }
    });

    it('answers no one the trusted proxy relays, even a client at an allowed address: a header never grants it', async () => {
      await from(PROXY).get('/metrics').set('X-Forwarded-For', SCRAPER).expect(404);
      await from(PROXY).get('/metrics').expect(404);
      // Nor a request that says it was relayed, from the scraper's own address.
      await from(SCRAPER).get('/metrics').set('X-Forwarded-For', '203.0.113.9').expect(404);
    });

    it('answers the bearer token from any address, and a wrong or missing token with the site’s 404', async () => {
      expect((await from(STRANGER).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text).toContain(SERIES);
      expect((await from(PROXY).get('/metrics').set('Authorization', `Bearer ${TOKEN}`).expect(200)).text).toContain(SERIES);
      const notFoundPage = await from(STRANGER).get('/no-such-page-here').expect(404);
      for (const authorization of [`Bearer ${TOKEN.slice(0, -1)}x`, `Basic ${TOKEN}`, 'Bearer ']) {
        const res = await from(STRANGER).get('/metrics').set('Authorization', authorization).expect(404);
        expect(res.headers['content-type']).toBe(notFoundPage.headers['content-type']);
      }
    });
  });

  describe('the sign-in link limit per address', () => {
    const limit = AUTH_LIMITS.linksPerIpPerHour;

    it('counts a stranger by his socket, whatever X-Forwarded-For he writes: the link past the limit is refused', async () => {
      const stranger = from(STRANGER);
      for (let i = 0; i < limit; i++) await stranger.link(`198.51.100.${i + 1}`).expect(200);
      const refused = await stranger.link('198.51.100.250').expect(429);
      expect(refused.body.success).toBe(false);
      await stranger.link().expect(429);
    });

    it('counts a client the trusted proxy names by the address it names', async () => {
      const proxy = from(PROXY);
      for (let i = 0; i < limit; i++) await proxy.link('192.0.2.77').expect(200);
      await proxy.link('192.0.2.77').expect(429);
      // What the client wrote before the proxy's own entry is not believed.
      await proxy.link('192.0.2.78, 192.0.2.77').expect(429);
      await proxy.link('192.0.2.78').expect(200);
    });
  });
});
