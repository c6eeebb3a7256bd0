import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { credentialRoutes } from '../../../src/modules/on-behalf/credential-routes';
import { queryRows } from '../../support/payment-fixtures';
import { sellOnBehalf } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { signedInAs, useTestApp } from '../../support/use-test-app';

/** What each credential-making endpoint is sent, so that only the on-behalf refusal can stop it. */
const BODIES: Record<string, object> = {
  'POST /api/auth/magic-link': { email: 'someone@example.com' },
  'POST /api/auth/exchange-token': { code: 'A'.repeat(43) },
  'POST /api/auth/app-code': {},
  'POST /api/mobile/devices': { name: "Ana's phone", platform: 'ios' },
};

describe('Staff cannot leave on-behalf mode with a new credential', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const agent = signedInAs(sut, 'agent@meterly.test');

  // A test that fails half-way must not leave the next one acting for its customer.
  afterEach(async () => {
    await agent.post('/api/agent/on-behalf/stop').send({});
  });

  const count = async (table: string) => (await queryRows<{ n: number }>(sut, `SELECT count(*)::int AS n FROM ${table}`))[0].n;
  const actions = async (customerEmail: string) =>
    await queryRows<{ action: string; target: string | null; actor_email: string }>(
      sut,
      `SELECT action, target, actor_email FROM audit_log WHERE lower(customer_email) = lower($1) ORDER BY id`,
      [customerEmail],
    );

  /** The agent, acting for a customer they just sold a policy to: the policy waits for the customer's signature. */
  async function pendingPolicyForNewCustomer(): Promise<{ customerEmail: string; policyId: string }> {
    const customerEmail = uniqueEmail('held');
    const bought = await sellOnBehalf(agent, customerEmail);
    return { customerEmail, policyId: bought.body.payload.policy.id };
  }

  it('refuses an app hand-off code while acting for a customer, so no customer session can be made to confirm their policy', async () => {
    const { customerEmail, policyId } = await pendingPolicyForNewCustomer();
    const res = await agent.post('/api/auth/app-code').send({});
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: { code: 'CREDENTIAL_WHILE_ON_BEHALF', message: expect.any(String) } });
    // Had a code been given, this is what it would have led to: a plain customer session that signs and pays.
    if (res.body.payload?.code) {
      const app = request.agent(sut.url);
      await app.post('/api/auth/exchange-token').send({ code: res.body.payload.code }).expect(200);
      await app.post(`/api/policies/${policyId}/confirm`).set('Idempotency-Key', randomUUID()).send({ agreeToTerms: true, signatureName: 'Dana Reyes' });
    }
    const [policy] = await queryRows<{ status: string }>(sut, 'SELECT status FROM policies WHERE id = $1', [policyId]);
    expect(policy.status).toBe('pending-confirmation');
    expect(await queryRows(sut, `SELECT id FROM sign_in_codes WHERE lower(email) = lower($1)`, [customerEmail])).toEqual([]);
    expect((await actions(customerEmail)).at(-1)).toMatchObject({
      action: 'on-behalf.credential-refused',
      target: 'POST /api/auth/app-code',
      actor_email: 'agent@meterly.test',
    });
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('refuses a device token while acting for a customer', async () => {
    const customerEmail = uniqueEmail('no-device');
    await agent.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const devices = await count('mobile_devices');
    const res = await agent.post('/api/mobile/devices').send({ name: "Ana's phone", platform: 'ios' });
    expect(res.status).toBe(403);
    expect(res.body.error.code).toBe('CREDENTIAL_WHILE_ON_BEHALF');
    expect(await count('mobile_devices')).toBe(devices);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('finds every credential-making endpoint marked, and refuses each while acting on behalf, making nothing', async () => {
    const routes = credentialRoutes(sut.app);
    expect(routes).toEqual(expect.arrayContaining(Object.keys(BODIES)));
    const customerEmail = uniqueEmail('every-door');
    await agent.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const session = (await agent.get('/api/session')).body.payload;
    for (const route of routes) {
      const [method, path] = route.split(' ');
      const before = { codes: await count('sign_in_codes'), devices: await count('mobile_devices'), sessions: await count('session') };
      const res = await agent[method.toLowerCase() as 'post'](path).send(BODIES[route] ?? {});
      expect({ route, status: res.status, code: res.body.error?.code }).toEqual({ route, status: 403, code: 'CREDENTIAL_WHILE_ON_BEHALF' });
      expect({ route, codes: await count('sign_in_codes'), devices: await count('mobile_devices'), sessions: await count('session') }).toEqual({
        route,
        ...before,
      });
      expect((await agent.get('/api/session')).body.payload).toEqual(session);
    }
    const refused = (await actions(customerEmail)).filter((a) => a.action === 'on-behalf.credential-refused').map((a) => a.target);
    expect(refused).toEqual(routes);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('still gives the same credentials to staff and customers acting as themselves', async () => {
    await agent.post('/api/auth/app-code').send({}).expect(200);
    const customer = await signIn(sut, uniqueEmail('own-phone'));
    await customer.post('/api/mobile/devices').send({ name: 'Mine', platform: 'android' }).expect(201);
  });

  it('audits every state-changing request made on behalf, including endpoints that record nothing themselves', async () => {
    const customerEmail = uniqueEmail('watched');
    await agent.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    await agent
      .post('/api/payments/sandbox/tokens')
      .send({ number: '4242 4242 4242 4242', expMonth: 12, expYear: new Date().getUTCFullYear() + 3, cvc: '123', postalCode: '85004' })
      .expect(201);
    await agent.post('/api/session').send({ locale: 'es' }).expect(200);
    await agent.put('/api/account').send({ name: 'Ana García' }).expect(200);
    await agent.get('/api/policies').expect(200);
    const recorded = await actions(customerEmail);
    expect(recorded.map((a) => [a.action, a.target])).toEqual([
      ['on-behalf.start', customerEmail],
      ['on-behalf.request', 'POST /api/payments/sandbox/tokens'],
      ['on-behalf.request', 'POST /api/session'],
      // An endpoint that records its own action is not recorded twice.
      ['account.update', null],
      // A read made on behalf is recorded too (issue 30, item 7).
      ['policy.list', 'GET /api/policies'],
    ]);
    expect(recorded.every((a) => a.actor_email === 'agent@meterly.test')).toBe(true);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });
});
