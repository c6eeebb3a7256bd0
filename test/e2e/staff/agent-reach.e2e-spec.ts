import { queryRows } from '../../support/payment-fixtures';
import { buyQuote, readyToPay, staffSale } from '../../support/purchase-flow';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { signedInAs, useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

describe('Which customers an agent may act for', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const agent = signedInAs(sut, 'agent@meterly.test');
  const otherAgent = signedInAs(sut, 'agent2@meterly.test');
  const admin = signedInAs(sut, 'admin@meterly.test');

  // A test that fails half-way must not leave the next one acting for its customer.
  afterEach(async () => {
    for (const staff of [agent, otherAgent, admin]) await staff.post('/api/agent/on-behalf/stop').send({});
  });

  const servedBy = async (email: string) =>
    (await queryRows<{ producer: string | null }>(sut, 'SELECT served_by_producer_id AS producer FROM users WHERE lower(email) = lower($1)', [email]))[0]
      ?.producer;
  const policyIds = async (client: Client) => (await client.get('/api/policies').expect(200)).body.payload.map((p: { id: string }) => p.id);
  const card = async (client: Client) => (await client.get('/api/payments/method').expect(200)).body.payload;

  /** A customer who bought online by themselves: their active policy's id. */
  async function selfServeCustomer(): Promise<{ email: string; policyId: string }> {
    const email = uniqueEmail('online');
    const customer = await signIn(sut, email);
    const quoteId = await readyToPay(customer);
    const bought = await buyQuote(customer, quoteId);
    return { email, policyId: bought.body.payload.policy.id };
  }

  it('refuses an agent acting for a customer who bought online: their policy, card and cancellation stay out of reach', async () => {
    const { email, policyId } = await selfServeCustomer();
    const refused = await agent.post('/api/agent/on-behalf').send({ email });
    expect(refused.status).toBe(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'CUSTOMER_NOT_YOURS', message: expect.any(String) } });
    // The agent is still themselves: the customer's policy and card are not theirs to see or cancel.
    expect((await agent.get('/api/session')).body.payload).toMatchObject({ userEmail: 'agent@meterly.test' });
    expect(await policyIds(agent)).not.toContain(policyId);
    expect(await card(agent)).toBeNull();
    await agent
      .post(`/api/policies/${policyId}/cancel`)
      .send({ date: dayFromToday(3) })
      .expect(404);
    expect(await servedBy(email)).toBeNull();
    const [policy] = await queryRows<{ status: string }>(sut, 'SELECT status FROM policies WHERE id = $1', [policyId]);
    expect(policy.status).toBe('active');
  });

  it('lets an admin act for the same customer: see the policy and card, and cancel, on record', async () => {
    const { email, policyId } = await selfServeCustomer();
    await admin.post('/api/agent/on-behalf').send({ email }).expect(200);
    expect(await policyIds(admin)).toContain(policyId);
    expect(await card(admin)).toMatchObject({ last4: '4242' });
    await admin
      .post(`/api/policies/${policyId}/cancel`)
      .send({ date: dayFromToday(3) })
      .expect(200);
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const [cancel] = await queryRows<{ actor_email: string }>(
      sut,
      `SELECT actor_email FROM audit_log WHERE action = 'policy.cancel' AND lower(customer_email) = lower($1)`,
      [email],
    );
    expect(cancel).toEqual({ actor_email: 'admin@meterly.test' });
  });

  it("refuses an agent for a customer with a quote of their own, or with another agent's quote", async () => {
    const quoting = uniqueEmail('quoting');
    const customer = await signIn(sut, quoting);
    await customer.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
    expect((await agent.post('/api/agent/on-behalf').send({ email: quoting }).expect(403)).body.error.code).toBe('CUSTOMER_NOT_YOURS');

    const prospect = uniqueEmail('prospect');
    await agent.post('/api/agent/on-behalf').send({ email: prospect }).expect(200);
    await agent.post('/api/quotes').send(GOOD_ANSWERS).expect(201);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect((await otherAgent.post('/api/agent/on-behalf').send({ email: prospect }).expect(403)).body.error.code).toBe('SERVED_BY_OTHER_AGENT');
    // The agent who started the quote comes back to it.
    await agent.post('/api/agent/on-behalf').send({ email: prospect }).expect(200);
    expect((await agent.get('/api/quotes/current').expect(200)).body.payload).toMatchObject({ id: expect.any(String) });
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('records the agent of record at the first sale, not when acting starts; their own customer works as before', async () => {
    const email = uniqueEmail('new-business');
    await agent.post('/api/agent/on-behalf').send({ email }).expect(200);
    expect(await servedBy(email)).toBeNull();
    const quoteId = await readyToPay(agent);
    const { policy } = (await staffSale(agent, quoteId)).body.payload;
    expect(await servedBy(email)).toBe('MTR-1001');
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);

    // Back for their own customer: the policy they sold and the card they saved.
    await agent.post('/api/agent/on-behalf').send({ email }).expect(200);
    expect(await policyIds(agent)).toContain(policy.id);
    expect(await card(agent)).toMatchObject({ last4: '4242' });
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect((await otherAgent.post('/api/agent/on-behalf').send({ email }).expect(403)).body.error.code).toBe('SERVED_BY_OTHER_AGENT');
  });
});
