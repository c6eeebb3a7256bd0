import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { pageData, signedInRenders } from '../../../src/common/metrics/metrics-registry';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { PageDataRegistry } from '../../../src/modules/ssr';
import { KEPT_PAGE_DATA_AGE_MS } from '../../../src/modules/ssr/kept-page-data';
import { atArizonaHour } from '../../support/arizona-time';
import { reportAccident } from '../../support/claim-fixtures';
import { saveCard } from '../../support/missed-payment';
import { recordPageDataSql, relationsNamed } from '../../support/page-data-sql';
import { queryRows, TEST_CARDS } from '../../support/payment-fixtures';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { browserLike, requestCode, sessionCookieOf, signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { SignedInActor } from '../../../src/modules/session';
import type { HouseholdView } from '../../../src/shared/policy/household-model';

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

  const clock = new TestClock();
  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock, db: true });
  // Every statement a fresh read of page data runs in this file (its last case checks their tables).
  const sql = recordPageDataSql();

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

  /**
   * Issue 29, My account's read model: the page's data kept per customer while their version (bumped
   * by the database's triggers) stands. After each kind of write that changes My account, the page
   * served is what a fresh read of the loaders answers (`PageDataRegistry.load`, no keeping), and
   * differs from the page before: a write the triggers missed would serve the kept page instead.
   */
  describe('My account kept per customer (issue 29)', () => {
    const keptCount = async () => (await pageData.get()).values.filter((v) => v.labels.outcome === 'kept').reduce((sum, v) => sum + v.value, 0);
    const keptRenderCount = async () => (await signedInRenders.get()).values.filter((v) => v.labels.outcome === 'kept').reduce((sum, v) => sum + v.value, 0);
    const profileOf = async (web: SignedInClient) => {
      const state = stateOf((await web.get('/profile').expect(200)).text);
      return { userId: state.session!.userId!, email: state.session!.userEmail!, preloaded: state.preloaded ?? {} };
    };
    const freshFor = async (userId: string, email: string) => {
      const actor: SignedInActor = { userId, email, role: 'customer', correlationId: null };
      return (await sut.app.get(PageDataRegistry).load('profile', actor)) ?? {};
    };
    /** My account served to `web`, checked against a fresh read for the same customer: its answers. */
    const servedFresh = async (web: SignedInClient, what: string) => {
      const served = await profileOf(web);
      expect({ what, preloaded: served.preloaded }).toEqual({ what, preloaded: await freshFor(served.userId, served.email) });
      return JSON.stringify(served.preloaded);
    };
    /** After `write`, each of `changed` is served its new page (a fresh read's answers, not the one before), each of `same` a fresh read's. */
    const afterWrite = async (what: string, write: () => Promise<unknown>, changed: SignedInClient[], same: SignedInClient[] = []) => {
      const before = [];
      // Served twice: the second from the keeping, which the write must then invalidate.
      for (const web of [...changed, ...same]) await servedFresh(web, what);
      for (const web of changed) before.push(await servedFresh(web, what));
      await write();
      for (const [i, web] of changed.entries()) expect({ what, changed: (await servedFresh(web, what)) !== before[i] }).toEqual({ what, changed: true });
      for (const web of same) await servedFresh(web, what);
    };

    let owner: Awaited<ReturnType<typeof customerWithPolicy>>;
    let deviceToken: string;

    beforeAll(async () => {
      owner = await customerWithPolicy(sut, 'kept-owner', { startedDaysAgo: 40 });
      deviceToken = (await owner.web.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    });

    it('serves a customer’s second visit from the keeping, the same answers as a fresh read', async () => {
      await servedFresh(owner.web, 'first visit');
      const [kept, keptPages] = [await keptCount(), await keptRenderCount()];
      const first = (await owner.web.get('/profile').expect(200)).text;
      const second = await owner.web.get('/profile').expect(200);
      expect(await keptCount()).toBe(kept + 2);
      // The page as last rendered for the session, under this answer's own nonce (the header's).
      expect(await keptRenderCount()).toBe(keptPages + 2);
      const nonce = /'nonce-([^']+)'/.exec(String(second.headers['content-security-policy']))![1];
      expect(second.text).toContain(`nonce="${nonce}"`);
      expect(second.text.replaceAll(nonce, 'N')).toBe(first.replaceAll(/nonce="([^"]+)"/.exec(first)![1], 'N'));
    });

    it('serves the new page after each kind of write to what My account shows', async () => {
      const { web, policyId } = owner;
      await afterWrite('account name', () => web.put('/api/account').send({ name: 'Rita Keeper' }).expect(200), [web]);
      await afterWrite(
        'odometer reading',
        () =>
          web
            .post(`/api/policies/${policyId}/odometer`)
            .send({ vehicleIndex: 0, reading: 61_000, readAt: new Date(clock.now().getTime() - 3_600_000).toISOString() })
            .expect(201),
        [web],
      );
      const day = dayFromToday(-2);
      const trip = { clientTripId: randomUUID(), vehicle: `${policyId}:0`, startedAt: atArizonaHour(day, 10), endedAt: atArizonaHour(day, 11), miles: 23 };
      await afterWrite(
        'a trip from the app',
        () =>
          request(sut.url)
            .post('/api/mobile/trips')
            .set({ Authorization: `Bearer ${deviceToken}` })
            .send({ trips: [trip] })
            .expect(200),
        [web],
      );
      await afterWrite('a claim report', () => reportAccident(web, policyId), [web]);
      await afterWrite(
        'a policy change',
        async () => {
          const change = { kind: 'address', effectiveDate: dayFromToday(1), address: { line1: '1 E Congress St', city: 'Tucson', zip: '85701' } };
          const priced = (await web.post(`/api/policies/${policyId}/changes`).send(change).expect(201)).body.payload as { id: string };
          await web.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
        },
        [web],
      );
      const admin = await signIn(sut, 'admin@meterly.test');
      await afterWrite(
        'a staff write for the customer',
        async () => {
          await admin.post('/api/agent/on-behalf').send({ email: owner.email }).expect(200);
          await admin.put(`/api/policies/${policyId}/billing/budget`).send({ miles: 700 }).expect(200);
          await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
        },
        [web],
      );
      await afterWrite('a card that declines', () => saveCard(web, TEST_CARDS.insufficientFunds), [web]);
      await afterWrite('the billing job', () => sut.app.get(BillingService).run({}), [web]);
      await saveCard(web, TEST_CARDS.approves);
      await afterWrite('a payment', () => web.post(`/api/policies/${policyId}/billing/pay`).send({}).expect(200), [web]);
    });

    it('serves both sides of a household their new pages after an invitation, its acceptance, a change to the shared policy and a removal', async () => {
      const { web, policyId } = owner;
      const spouseEmail = uniqueEmail('kept-spouse');
      const spouse = await signIn(sut, spouseEmail);
      await afterWrite(
        'an invitation',
        () => web.post(`/api/policies/${policyId}/household`).send({ name: 'Sam Keeper', email: spouseEmail, role: 'view' }).expect(201),
        [web, spouse],
      );
      const invitation = ((await spouse.get('/api/household').expect(200)).body.payload as HouseholdView).invitations[0];
      await afterWrite('an acceptance', () => spouse.post(`/api/household/invitations/${invitation.id}/accept`).send({}).expect(200), [web, spouse]);
      await afterWrite('a claim on the shared policy', () => reportAccident(web, policyId, 30), [web], [spouse]);
      const [membership] = await queryRows<{ id: string }>(sut, `SELECT id FROM household_members WHERE policy_id = $1 AND removed_at IS NULL`, [policyId]);
      await afterWrite(
        'a removal',
        () => web.delete(`/api/policies/${policyId}/household/${membership.id}`).set('Content-Type', 'application/json').expect(200),
        [web, spouse],
      );
    });

    it('reads afresh once the kept page is a minute old by the app’s clock', async () => {
      await servedFresh(owner.web, 'warm');
      const kept = await keptCount();
      await servedFresh(owner.web, 'kept');
      expect(await keptCount()).toBe(kept + 1);
      clock.advance(KEPT_PAGE_DATA_AGE_MS);
      await servedFresh(owner.web, 'a minute on');
      expect(await keptCount()).toBe(kept + 1);
    });

    it('has a page-data bump trigger on every table the loaders read (FROM or JOIN, also inside the SQL functions they call)', async () => {
      const relations = relationsNamed(sql.statements);
      // The SQL functions named in the statements (policy_car, …): the tables their bodies read.
      const functions = await queryRows<{ src: string }>(
        sut,
        `SELECT prosrc AS src FROM pg_proc WHERE pronamespace = 'public'::regnamespace AND prolang IN (SELECT oid FROM pg_language WHERE lanname IN ('sql', 'plpgsql'))
           AND proname = ANY($1)`,
        [[...new Set([...sql.statements].flatMap((text) => [...text.matchAll(/\b([a-z_][a-z0-9_]*)\s*\(/gi)].map((m) => m[1].toLowerCase())))]],
      );
      for (const name of relationsNamed(functions.map((f) => f.src))) relations.add(name);
      const tables = await queryRows<{ table: string; bumps: string[] }>(
        sut,
        `SELECT c.relname AS table,
                array(SELECT op FROM pg_trigger t JOIN pg_proc p ON p.oid = t.tgfoid,
                        unnest(array[CASE WHEN t.tgtype & 4 <> 0 THEN 'insert' END, CASE WHEN t.tgtype & 16 <> 0 THEN 'update' END, CASE WHEN t.tgtype & 8 <> 0 THEN 'delete' END]) op
                       WHERE t.tgrelid = c.oid AND p.proname IN ('page_data_bump', 'page_data_bump_self') AND op IS NOT NULL ORDER BY op) AS bumps
           FROM pg_class c WHERE c.relnamespace = 'public'::regnamespace AND c.relkind IN ('r', 'p') AND c.relname = ANY($1) ORDER BY 1`,
        [[...relations]],
      );
      expect(tables.filter((t) => t.bumps.join() !== 'delete,insert,update').map((t) => t.table)).toEqual([]);
      // The loaders read at least these (a check that the recording saw them at all).
      expect(tables.map((t) => t.table)).toEqual(expect.arrayContaining(['claim_events', 'household_members', 'policies', 'trips', 'users']));
    });
  });

  it('never puts a signed-in visitor into an open page, which is shared by everyone', async () => {
    for (const customer of customers) {
      const res = await page('/', customer).expect(200);
      expect(stateOf(res.text).session ?? null).toBeNull();
      for (const { email } of customers) expect(res.text).not.toContain(email);
    }
  });
});
