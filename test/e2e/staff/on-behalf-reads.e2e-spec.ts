import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { notCustomerReads } from '../../../src/modules/on-behalf/credential-routes';
import { AUDIT_ACTIONS } from '../../../src/shared/audit/audit-actions';
import { reportAccident } from '../../support/claim-fixtures';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const PNG = Buffer.from('89504e470d0a1a0a0000000d4948445200000001', 'hex');

/**
 * Issue 30, item 7: an agent acting for a customer read their claims, photos, card, payment
 * history, billing and account, and the audit log held nothing of it. Every read made on behalf
 * is now recorded (OnBehalfAuditInterceptor), once, unless its handler says with
 * @NotCustomerRead why it is not the customer's data; the staff claims screen records who opened
 * which claim and its photos, acting on behalf or not.
 */
describe("The audit of what staff read of a customer's", () => {
  jest.setTimeout(180_000);
  let agent: Client;
  let customer: Awaited<ReturnType<typeof customerWithPolicy>>;
  let claim: { id: string; number: string };
  let photoId: string;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  beforeAll(async () => {
    // A customer of Dana's (agent@meterly.test, MTR-1001), with a claim and a photo of it.
    customer = await customerWithPolicy(sut, 'read-for', { producerId: 'MTR-1001' });
    claim = await reportAccident(customer.web, customer.policyId);
    // The photo put in place directly: how photos arrive is not what this file is about.
    [{ id: photoId }] = await queryRows<{ id: string }>(
      sut,
      `INSERT INTO claim_photos (claim_id, position, content_type, bytes) VALUES ($1, 0, 'image/png', $2) RETURNING id`,
      [claim.id, PNG],
    );
    // Dana is their agent of record, so she may act for them.
    await queryRows(sut, `UPDATE users SET served_by_producer_id = 'MTR-1001' WHERE lower(email) = lower($1)`, [customer.email]);
    agent = await signIn(sut, 'agent@meterly.test');
  });

  sut.beforeClose(async () => {
    await agent.post('/api/agent/on-behalf/stop').send({});
  });

  // A test that fails half-way must not leave the next one acting for its customer.
  afterEach(async () => {
    await agent.post('/api/agent/on-behalf/stop').send({});
  });

  const entries = async (customerEmail: string) =>
    await queryRows<{ id: string; action: string; target: string | null; actor_email: string }>(
      sut,
      `SELECT id, action, target, actor_email FROM audit_log WHERE lower(customer_email) = lower($1) ORDER BY id`,
      [customerEmail],
    );

  /** The ids a route's placeholders take: this customer's own where there is one, else an id nobody has (a 404 is no data). */
  function filled(path: string, ids: Record<string, string>): string {
    const week = `from=${dayFromToday(-7)}&to=${dayFromToday(0)}`;
    const withIds = path.replace(/\{(\w+)\}/g, (_all, name: string) => {
      if (name === 'id') return path.startsWith('/api/quotes/') ? ids.quoteId : ids.policyId;
      if (name === 'file') return path.includes('/statements/') ? 'statement.pdf' : 'id-card.pdf';
      return ids[name] ?? randomUUID();
    });
    return /\/miles(\/trips)?$/.test(path) ? `${withIds}?${week}` : withIds;
  }

  it('records each GET of the OpenAPI document that answers data, once, unless it is exempt with a reason', async () => {
    const document = (await request(sut.url).get('/api/openapi.json').expect(200)).body as { paths: Record<string, Record<string, unknown>> };
    const reads = Object.keys(document.paths).filter((path) => document.paths[path].get);
    const exempt = notCustomerReads(sut.app);
    for (const [route, reason] of exempt) expect({ route, reason: reason.length > 10 }).toEqual({ route, reason: true });

    const quoteId = (await customer.web.get('/api/quotes/current').expect(200)).body.payload?.id ?? randomUUID();
    await agent.post('/api/agent/on-behalf').send({ email: customer.email }).expect(200);
    const history = (await agent.get('/api/payment-history').expect(200)).body.payload;
    const ids = { policyId: customer.policyId, quoteId, claimId: claim.id, photoId, entryId: history.entries[0].id as string };

    const answered: Record<string, string[]> = {};
    const problems: object[] = [];
    for (const path of reads) {
      const before = (await entries(customer.email)).length;
      const res = await agent.get(filled(path, ids));
      const recorded = (await entries(customer.email)).slice(before);
      const isExempt = exempt.has(`GET ${path.replace(/\{(\w+)\}/g, ':$1')}`);
      const ok = res.status >= 200 && res.status < 300;
      if (ok) answered[path] = recorded.map((e) => e.action);
      // Data answered and not exempt: exactly one entry. Never two entries for one request.
      if ((ok && !isExempt && recorded.length !== 1) || recorded.length > 1) problems.push({ path, status: res.status, recorded });
      if (recorded.some((e) => e.actor_email !== 'agent@meterly.test')) problems.push({ path, recorded });
    }
    expect(problems).toEqual([]);

    // The walk reached the customer's data the probe read, each under its own name.
    expect(answered).toEqual(
      expect.objectContaining({
        '/api/account': ['account.read'],
        '/api/payments/method': ['payment-method.read'],
        '/api/payment-history': ['payments.history'],
        '/api/payment-history/{entryId}/receipt.pdf': ['payments.receipt'],
        '/api/policies': ['policy.list'],
        '/api/policies/{id}': ['policy.read'],
        '/api/policies/{id}/documents/{file}': ['policy.document.id-card'],
        '/api/policies/{id}/billing': ['billing.read'],
        '/api/policies/{id}/statements': ['billing.statements'],
        '/api/policies/{id}/odometer': ['miles.odometer.read'],
        '/api/policies/{id}/miles': ['miles.read'],
        '/api/policies/{id}/miles/trips': ['miles.trips'],
        '/api/claims': ['claim.list'],
        '/api/claims/{claimId}': ['claim.read'],
        '/api/claims/{claimId}/photos/{photoId}': ['claim.photo'],
        '/api/agent/claims/{claimId}': ['claim.view'],
        '/api/agent/claims/{claimId}/photos/{photoId}': ['claim.photo.view'],
      }),
    );
    // Every action written has a name on the admin screen (audit-actions.ts, in both languages).
    const written = Object.values(answered).flat();
    expect(written.filter((action) => !(AUDIT_ACTIONS as readonly string[]).includes(action) && !action.startsWith('policy.document.'))).toEqual([]);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('renders My account with its data for the customer, and without it for staff acting for them, whose reads go by the API (issue 29)', async () => {
    const preloadedOf = (html: string) => {
      const start = html.indexOf('window.__METERLY_STATE__=') + 'window.__METERLY_STATE__='.length;
      return (JSON.parse(html.slice(start, html.indexOf('</script>', start))) as { preloaded?: Record<string, unknown> }).preloaded;
    };
    const own = await customer.web.get('/profile').expect(200);
    expect(preloadedOf(own.text)?.['["account"]']).toMatchObject({ email: customer.email });

    await agent.post('/api/agent/on-behalf').send({ email: customer.email }).expect(200);
    const before = (await entries(customer.email)).length;
    const forThem = await agent.get('/profile').expect(200);
    expect(preloadedOf(forThem.text)).toBeUndefined();
    // The page itself records nothing (it shows nothing of theirs); the reads after it do, each.
    expect((await entries(customer.email)).length).toBe(before);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('names the claim read and its customer, and records nothing when the customer reads their own', async () => {
    const before = (await entries(customer.email)).length;
    await customer.web.get(`/api/claims/${claim.id}`).expect(200);
    await customer.web.get('/api/account').expect(200);
    expect((await entries(customer.email)).length).toBe(before);

    await agent.post('/api/agent/on-behalf').send({ email: customer.email }).expect(200);
    await agent.get(`/api/claims/${claim.id}`).expect(200);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const read = (await entries(customer.email)).filter((e) => e.action === 'claim.read').at(-1);
    expect(read).toMatchObject({ actor_email: 'agent@meterly.test', target: expect.stringContaining(claim.number) });
  });

  it('records who opened which claim and its photos on the staff claims screen, without acting on behalf', async () => {
    const before = (await entries(customer.email)).length;
    await agent.get('/api/agent/claims').expect(200);
    await agent.get(`/api/agent/claims/${claim.id}`).expect(200);
    await agent.get(`/api/agent/claims/${claim.id}/photos/${photoId}`).expect(200);
    const recorded = (await entries(customer.email)).slice(before);
    expect(recorded.map((e) => [e.action, e.actor_email, e.target?.startsWith(claim.number)])).toEqual([
      ['claim.view', 'agent@meterly.test', true],
      ['claim.photo.view', 'agent@meterly.test', true],
    ]);
  });

  it("lists an agent's visit as what they did, the change's before and after with it; the screen's own reads stay kept, asked for apart (issue 26)", async () => {
    const other = await customerWithPolicy(sut, 'changed-for', { producerId: 'MTR-1001' });
    await queryRows(sut, `UPDATE users SET served_by_producer_id = 'MTR-1001' WHERE lower(email) = lower($1)`, [other.email]);
    await agent.post('/api/agent/on-behalf').send({ email: other.email }).expect(200);
    // Opening the customer's profile: the reads its screen makes by itself.
    for (const path of ['/api/account', '/api/policies', `/api/policies/${other.policyId}`, `/api/policies/${other.policyId}/billing`])
      await agent.get(path).expect(200);
    const policy = (await agent.get(`/api/policies/${other.policyId}`).expect(200)).body.payload;
    const { window } = (await agent.get(`/api/policies/${other.policyId}/changes`).expect(200)).body.payload;
    const collision = policy.coverage.collisionDeductible === 500 ? 1000 : 500;
    await agent
      .post(`/api/policies/${other.policyId}/changes`)
      .send({
        kind: 'coverage',
        effectiveDate: window.earliest,
        coveragePackage: policy.coveragePackage,
        coverage: { ...policy.coverage, collisionDeductible: collision },
      })
      .expect(201);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);

    const admin = await signIn(sut, 'admin@meterly.test');
    const log = async (kind?: string) => {
      const query = `customer=${encodeURIComponent(other.email)}${kind ? `&kind=${kind}` : ''}`;
      return (await admin.get(`/api/admin/audit?${query}`).expect(200)).body.payload.entries as { action: string; changes: object[] }[];
    };
    const actions = await log('actions');
    expect(actions.map((e) => e.action)).toEqual(['on-behalf.stop', 'policy.change.price', 'on-behalf.start']);
    // The facts, not prose: the screen words them in the reader's language.
    expect(actions[1].changes).toEqual(
      expect.arrayContaining([
        { field: 'collisionDeductible', before: policy.coverage.collisionDeductible, after: collision },
        { field: 'baseRate', before: policy.baseRateCents, after: expect.any(Number) },
      ]),
    );
    expect(actions[1].changes).toHaveLength(2);
    // Who looked at the customer's data is still there, when asked for.
    const reads = (await log('reads')).map((e) => e.action);
    expect(reads).toEqual(expect.arrayContaining(['account.read', 'policy.list', 'policy.read', 'billing.read']));
    expect(reads).not.toContain('policy.change.price');
    expect((await log()).length).toBe(actions.length + reads.length);
    // An action asked for by name shows, whatever the kind.
    expect((await log('actions&action=policy.read')).map((e) => e.action)).toEqual(['policy.read', 'policy.read']);
  });
});
