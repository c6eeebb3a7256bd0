import request from 'supertest';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { browserLike, requestCode, sessionCookieOf, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

interface Customer {
  email: string;
  cookie: string;
}

/** The state the page hands the browser (window.__METERLY_STATE__). */
function stateOf(html: string): {
  locale: string;
  session: { userId?: string; userEmail?: string } | null;
  preloaded?: Record<string, unknown>;
} {
  const start = html.indexOf('window.__METERLY_STATE__=') + 'window.__METERLY_STATE__='.length;
  return JSON.parse(html.slice(start, html.indexOf('</script>', start)));
}

/**
 * Issue 17: signed-in pages render per request from texts, translators and serialized resources
 * shared by every visitor. Nothing of one customer may reach another's page, however the
 * requests interleave.
 */
describe('Pages behind sign-in carry only their own visitor’s data (issue 17)', () => {
  jest.setTimeout(120_000);
  let customers: Customer[];

  const sut = useTestApp();

  beforeAll(async () => {
    customers = [];
    for (const prefix of ['first-customer', 'second-customer']) {
      const email = uniqueEmail(prefix);
      const client = browserLike(sut);
      const code = await requestCode(sut, email, client);
      const cookie = sessionCookieOf(await client.post('/api/auth/exchange-token').send({ code }).expect(200))!;
      const quoteId = await readyToPay(client);
      await buyQuote(client, quoteId);
      customers.push({ email, cookie });
    }
  });

  const page = (path: string, customer: Customer) => request(sut.url).get(path).set('Cookie', customer.cookie);

  it('gives each customer, in requests interleaved with the other’s, a page naming them and not the other', async () => {
    const paths = ['/profile', '/es/profile', '/quote/application', '/es/quote/application'];
    const asked = paths.flatMap((path) => [0, 1, 0, 1].map((who) => ({ path, who })));
    const answers = await Promise.all(asked.map(({ path, who }) => page(path, customers[who])));
    const userIds = new Set<string>();
    answers.forEach((res, i) => {
      const { path, who } = asked[i];
      const [own, other] = [customers[who], customers[1 - who]];
      expect(res.status).toBe(200);
      expect(res.headers['cache-control']).toBe('no-store');
      const state = stateOf(res.text);
      expect(state.locale).toBe(path.startsWith('/es/') ? 'es' : 'en-US');
      expect(state.session?.userEmail).toBe(own.email);
      expect(res.text).not.toContain(other.email);
      userIds.add(`${who}:${state.session?.userId}`);
      // The rolling cookie renewed is the visitor's own session, never the other's.
      for (const set of ([] as string[]).concat(res.headers['set-cookie'] ?? [])) expect(set.split(';')[0]).toBe(own.cookie);
    });
    // One user id per customer, and not the same one.
    const ids = [...userIds].map((entry) => entry.split(':'));
    expect(ids).toHaveLength(2);
    expect(ids[0][1]).not.toBe(ids[1][1]);
    for (const [who, id] of ids) {
      for (const res of answers.filter((_, i) => asked[i].who !== Number(who))) expect(res.text).not.toContain(id);
    }
  });

  /**
   * Issue 29: My account's data comes with the page. Each query key the page preloads, and the
   * API's own answer to that session for it (the route(s) the browser would call), so the two
   * cannot drift; the billing block gathers six routes (miles-billing.tsx's loadBilling).
   */
  async function apiAnswerFor(key: unknown[], customer: Customer): Promise<unknown> {
    const get = async (path: string) => (await request(sut.url).get(path).set('Cookie', customer.cookie).expect(200)).body.payload as unknown;
    const [name, id] = key as [string, string?];
    const routes: Record<string, string> = {
      account: '/api/account',
      policies: '/api/policies',
      claims: '/api/claims',
      'payment-method': '/api/payments/method',
      'payment-history': '/api/payment-history',
      'saved-quote': '/api/quotes/current',
      locations: '/api/account/locations',
      household: '/api/household',
      'data-export': '/api/account/data-export',
    };
    if (routes[name]) return get(routes[name]);
    if (name === 'policy-changes') return get(`/api/policies/${id}/changes`);
    if (name === 'proof-links') return get(`/api/policies/${id}/proof-links`);
    expect(name).toBe('billing');
    const summary = (await get(`/api/policies/${id}/billing`)) as { period: { from: string; to: string } };
    const days = `from=${summary.period.from}&to=${summary.period.to}`;
    const [statements, miles, disputes, readings, trips] = await Promise.all(
      [`statements`, `miles?${days}`, `miles/disputes`, `odometer`, `miles/trips?${days}`].map((path) => get(`/api/policies/${id}/${path}`)),
    );
    return { summary, statements, days: miles, disputes, readings, trips };
  }

  it('renders My account with its data, each answer the API’s own for that customer and none of the other’s (issue 29)', async () => {
    for (const [who, customer] of customers.entries()) {
      const res = await page(who ? '/es/profile' : '/profile', customer).expect(200);
      const preloaded = stateOf(res.text).preloaded ?? {};
      const policies = (await apiAnswerFor(['policies'], customer)) as { id: string; number: string }[];
      expect(policies).toHaveLength(1);
      const [{ id, number }] = policies;
      // Every panel's first query, the one active policy's changes and billing block.
      expect(Object.keys(preloaded).sort()).toEqual(
        [
          ['account'],
          ['billing', id, null],
          ['claims'],
          ['data-export'],
          ['household'],
          ['locations'],
          ['payment-history'],
          ['payment-method'],
          ['policies'],
          ['policy-changes', id, 0],
          ['proof-links', id],
          ['saved-quote'],
        ]
          .map((key) => JSON.stringify(key))
          .sort(),
      );
      for (const [key, value] of Object.entries(preloaded)) expect({ key, value }).toEqual({ key, value: await apiAnswerFor(JSON.parse(key), customer) });
      // In the HTML itself, not only in the state: the policy's number and the account's e-mail.
      const markup = res.text.slice(0, res.text.indexOf('window.__METERLY_STATE__'));
      expect(markup).toContain(number);
      expect(markup).toContain(customer.email);
      const other = customers[1 - who];
      const otherPolicies = (await apiAnswerFor(['policies'], other)) as { id: string; number: string }[];
      expect(res.text).not.toContain(otherPolicies[0].number);
      expect(res.text).not.toContain(otherPolicies[0].id);
    }
    // With a query the application's SSR controller answers (not the signed-in pages' door): the same.
    const viaController = await page('/profile?confirm=none', customers[0]).expect(200);
    expect(Object.keys(stateOf(viaController.text).preloaded ?? {})).toHaveLength(12);
  });

  it('never puts a signed-in visitor into an open page, which is shared by everyone', async () => {
    for (const customer of customers) {
      const res = await page('/', customer).expect(200);
      expect(stateOf(res.text).session ?? null).toBeNull();
      for (const { email } of customers) expect(res.text).not.toContain(email);
    }
  });
});
