import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { localizePath } from '../../../src/shared/locale';
import { PAGES, showsSignedInWork } from '../../../src/shared/site-map';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * No shared or browser cache may keep an answer that can hold personal data: every /api
 * answer and every page behind sign-in is `no-store` unless it is explicitly public.
 */
describe('What caches may keep', () => {
  let client: Client;
  let policyId: string;
  let quoteId: string;

  const sut = useTestApp();

  beforeAll(async () => {
    client = await signIn(sut);
    quoteId = await readyToPay(client);
    const bought = await buyQuote(client, quoteId);
    policyId = bought.body.payload.policy.id;
  });

  it('marks the account, the policies, a policy, its documents and statements no-store', async () => {
    const statements = await client.get(`/api/policies/${policyId}/statements`).expect(200);
    const paths = [
      '/api/account',
      '/api/session',
      '/api/policies',
      `/api/policies/${policyId}`,
      `/api/policies/${policyId}/documents/declarations.pdf`,
      `/api/policies/${policyId}/statements`,
      `/api/policies/${policyId}/billing`,
      `/api/policies/${policyId}/miles`,
      `/api/quotes/${quoteId}`,
      '/api/payments/method',
    ];
    const listed = statements.body.payload?.statements ?? statements.body.payload ?? [];
    if (Array.isArray(listed) && listed[0]?.id) paths.push(`/api/policies/${policyId}/statements/${listed[0].id}/statement.pdf`);
    for (const path of paths) {
      const res = await client.get(path).buffer(true);
      expect([path, res.status < 500, res.headers['cache-control']]).toEqual([path, true, expect.stringMatching(/\bno-store\b/)]);
    }
  });

  it('marks every GET route of the API no-store, whatever it answers (the class, from the OpenAPI document)', async () => {
    const doc = (await request(sut.url).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const routes = Object.entries(doc.paths)
      .filter(([, methods]) => 'get' in methods)
      .map(([path]) =>
        path
          .replace('/api/quotes/{id}', `/api/quotes/${quoteId}`)
          .replace('{id}', policyId)
          .replace(/\{file\}/, 'declarations.pdf')
          .replace(/\{[^}]+\}/g, randomUUID()),
      );
    expect(routes.length).toBeGreaterThan(15);
    const unmarked: string[] = [];
    for (const path of routes) {
      const res = await client.get(path).buffer(true);
      if (!/\bno-store\b/.test(String(res.headers['cache-control']))) unmarked.push(`${path} ${res.status} ${res.headers['cache-control']}`);
    }
    // Writes too: the answer to a POST carries the session or the record written.
    const written = await client.post('/api/session').send({ locale: 'es' }).expect(200);
    if (!/\bno-store\b/.test(String(written.headers['cache-control']))) unmarked.push(`POST /api/session ${written.headers['cache-control']}`);
    const missing = await client.get('/api/no-such-route').expect(404);
    if (!/\bno-store\b/.test(String(missing.headers['cache-control']))) unmarked.push(`GET /api/no-such-route ${missing.headers['cache-control']}`);
    expect(unmarked).toEqual([]);
  });

  it('marks every page that shows signed-in work no-store, whoever asks: anonymous, customer, agent, admin, in both languages', async () => {
    const pages = PAGES.filter((page) => showsSignedInWork(page) && !page.path.includes(':'));
    expect(pages.map((page) => page.path)).toEqual(expect.arrayContaining(['/profile', '/agent', '/agent/customers', '/admin/staff']));
    const visitors = {
      anonymous: request.agent(sut.url),
      customer: client,
      agent: await signIn(sut, 'agent@meterly.test'),
      admin: await signIn(sut, 'admin@meterly.test'),
    };
    const kept: string[] = [];
    for (const page of pages) {
      for (const path of [page.path, localizePath(page.path, 'es')]) {
        for (const [who, visitor] of Object.entries(visitors)) {
          // Whatever the answer (the page, or the sign-in redirect), GET and HEAD alike.
          for (const [method, res] of [
            ['GET', await visitor.get(path).redirects(0)],
            ['HEAD', await visitor.head(path).redirects(0)],
          ] as const) {
            if (res.headers['cache-control'] !== 'no-store') kept.push(`${method} ${path} as ${who}: ${res.status} ${res.headers['cache-control']}`);
          }
        }
      }
    }
    expect(kept).toEqual([]);
    const profile = await client.get('/profile').expect(200);
    expect(profile.headers['cache-control']).toMatch(/\bno-store\b/);
  });

  it('keeps what is explicitly public cacheable: hashed assets, open pages revalidated, the app-link files', async () => {
    const home = await request(sut.url).get('/').expect(200);
    expect(home.headers['cache-control']).toBe('no-cache, private');
    const script = /<script type="module"[^>]* src="(\/assets\/[^"]+\.js)"/.exec(home.text)![1];
    expect((await request(sut.url).get(script).expect(200)).headers['cache-control']).toMatch(/immutable/);
    expect((await request(sut.url).get('/robots.txt').expect(200)).headers['cache-control']).toMatch(/max-age=86400/);
  });
});
