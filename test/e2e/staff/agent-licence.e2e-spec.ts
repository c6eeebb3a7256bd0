import { randomUUID } from 'node:crypto';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, readyToPay } from '../../support/purchase-flow';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { signedInAs, useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Chicago: a state we sell in where the seeded agent Dana Reyes (AZ, TX, OR) holds no licence. */
const ILLINOIS = { ...GOOD_ANSWERS, zip: '60601' };
const DANA = 'MTR-1001';
const DANA_STATES = ['AZ', 'TX', 'OR'];

describe('Agents sell only where they are licensed (issue 15)', () => {
  jest.setTimeout(120_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });
  const agent = signedInAs(sut, 'agent@meterly.test');
  const admin = signedInAs(sut, 'admin@meterly.test');

  afterEach(async () => {
    await licenseDana(DANA_STATES);
    for (const staff of [agent, admin]) await staff.post('/api/agent/on-behalf/stop').send({});
  });

  /** A licence granted or lapsed in the agent directory, as the licensing desk would. */
  const licenseDana = (states: string[]) => queryRows(sut, 'UPDATE agents SET licensed_states = $2 WHERE producer_id = $1', [DANA, states]);
  const actFor = async (staff: Client, email = uniqueEmail('licence')) => {
    await staff.post('/api/agent/on-behalf').send({ email }).expect(200);
    return email;
  };
  const expectRefused = (
    res: { status: number; body: { success: boolean; error: { code: string; message: string; extra: unknown } } },
    state: string,
    held: string[],
  ) => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: { code: 'AGENT_NOT_LICENSED_IN_STATE', extra: { state, licensedStates: held } } });
    expect(res.body.error.message).toContain(` ${state} `);
  };
  const staffBuy = (staff: Client, quoteId: string, token: string) =>
    staff
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      .send({ quoteId, paymentToken: token, startDate: dayFromToday(2) });

  describe('at the quote', () => {
    it('refuses an agent a quote in a state they are not licensed in, and saves nothing', async () => {
      const email = await actFor(agent);
      expectRefused(await agent.post('/api/quotes').send(ILLINOIS), 'IL', DANA_STATES);
      expect((await agent.get('/api/quotes/current').expect(200)).body.payload).toBeNull();
      expect(await queryRows(sut, 'SELECT q.id FROM quotes q JOIN users u ON u.id = q.user_id WHERE lower(u.email) = lower($1)', [email])).toEqual([]);
    });

    it('quotes where the agent is licensed, and refuses moving that quote to an unlicensed state without changing it', async () => {
      await actFor(agent);
      const quote = (await agent.post('/api/quotes').send(GOOD_ANSWERS).expect(201)).body.payload;
      expect(quote).toMatchObject({ state: 'AZ', answers: { zip: '85004' } });
      expect((await agent.patch(`/api/quotes/${quote.id}`).send({ zip: '78701' }).expect(200)).body.payload.state).toBe('TX');

      expectRefused(await agent.patch(`/api/quotes/${quote.id}`).send({ zip: '60601' }), 'IL', DANA_STATES);
      const kept = (await agent.get(`/api/quotes/${quote.id}`).expect(200)).body.payload;
      expect(kept).toMatchObject({ state: 'TX', answers: { zip: '78701' } });
    });

    it('checks again when the quote is priced: a licence that lapsed since refuses it', async () => {
      await actFor(agent);
      const quote = (await agent.post('/api/quotes').send(GOOD_ANSWERS).expect(201)).body.payload;
      await licenseDana(['TX', 'OR']);
      expectRefused(await agent.post(`/api/quotes/${quote.id}/price`).send({}), 'AZ', ['TX', 'OR']);
      expectRefused(await agent.patch(`/api/quotes/${quote.id}`).send({ milesPerMonth: 900 }), 'AZ', ['TX', 'OR']);
      expect((await agent.get(`/api/quotes/${quote.id}`).expect(200)).body.payload.answers.milesPerMonth).toBe(GOOD_ANSWERS.milesPerMonth);
      await licenseDana(DANA_STATES);
      await agent.post(`/api/quotes/${quote.id}/price`).send({}).expect(200);
    });

    it('lets a customer on their own, and an admin acting for one, quote in any state we sell in', async () => {
      const customer = await signIn(sut, uniqueEmail('own-quote'));
      expect((await customer.post('/api/quotes').send(ILLINOIS).expect(201)).body.payload.state).toBe('IL');
      await actFor(admin);
      expect((await admin.post('/api/quotes').send(ILLINOIS).expect(201)).body.payload.state).toBe('IL');
    });
  });

  describe('at the purchase', () => {
    it('refuses the sale when the licence lapsed after the quote, recording nothing; sells once it is licensed again', async () => {
      const email = await actFor(agent);
      const quoteId = await readyToPay(agent);
      const token = await cardToken(agent);
      await licenseDana(['TX', 'OR']);

      expectRefused(await staffBuy(agent, quoteId, token), 'AZ', ['TX', 'OR']);
      expect((await agent.get(`/api/quotes/${quoteId}`).expect(200)).body.payload.status).toBe('open');
      expect(await queryRows(sut, 'SELECT id FROM purchase_requests WHERE quote_id = $1', [quoteId])).toEqual([]);
      expect(await queryRows(sut, 'SELECT id FROM policies WHERE quote_id = $1', [quoteId])).toEqual([]);
      expect(await queryRows(sut, 'SELECT p.id FROM payment_methods p JOIN users u ON u.id = p.user_id WHERE lower(u.email) = lower($1)', [email])).toEqual([]);
      expect(
        (await queryRows<{ producer: string | null }>(sut, 'SELECT served_by_producer_id AS producer FROM users WHERE lower(email) = lower($1)', [email]))[0]
          .producer,
      ).toBeNull();

      await licenseDana(DANA_STATES);
      expect((await staffBuy(agent, quoteId, token).expect(201)).body.payload.status).toBe('pending-confirmation');
    });

    it('refuses an admin selling a quote the unlicensed agent started: the policy would name that agent', async () => {
      const email = await actFor(agent);
      const quoteId = await readyToPay(agent);
      await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
      await licenseDana(['OR']);
      await actFor(admin, email);
      expectRefused(await staffBuy(admin, quoteId, await cardToken(admin)), 'AZ', ['OR']);
      expect((await admin.get(`/api/quotes/${quoteId}`).expect(200)).body.payload.status).toBe('open');
    });
  });

  describe('at the confirmation', () => {
    /** A policy Dana sold, waiting for the customer: the customer's client and the policy's id. */
    async function pendingSale(): Promise<{ customer: Client; policyId: string }> {
      const email = await actFor(agent);
      const quoteId = await readyToPay(agent);
      const { policy } = (await staffBuy(agent, quoteId, await cardToken(agent)).expect(201)).body.payload;
      await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
      return { customer: await signIn(sut, email), policyId: policy.id };
    }
    const confirm = (customer: Client, policyId: string) =>
      customer.post(`/api/policies/${policyId}/confirm`).set('Idempotency-Key', randomUUID()).send({ agreeToTerms: true, signatureName: 'Ana García' });

    it('refuses to bind when the selling agent is no longer licensed in the state, charging nothing', async () => {
      const { customer, policyId } = await pendingSale();
      await licenseDana(['TX']);
      expectRefused(await confirm(customer, policyId), 'AZ', ['TX']);
      const [row] = await queryRows<{ status: string; bound_at: Date | null; signature_name: string | null }>(
        sut,
        'SELECT status, bound_at, signature_name FROM policies WHERE id = $1',
        [policyId],
      );
      expect(row).toEqual({ status: 'pending-confirmation', bound_at: null, signature_name: null });
      expect(await queryRows(sut, 'SELECT id FROM payment_charges WHERE reference = $1', [policyId])).toEqual([]);
    });

    it('refuses to bind when the selling agent was deactivated', async () => {
      const { customer, policyId } = await pendingSale();
      await queryRows(sut, 'UPDATE agents SET active = false WHERE producer_id = $1', [DANA]);
      try {
        expectRefused(await confirm(customer, policyId), 'AZ', []);
      } finally {
        await queryRows(sut, 'UPDATE agents SET active = true WHERE producer_id = $1', [DANA]);
      }
    });

    it('binds when the agent is licensed in the state', async () => {
      const { customer, policyId } = await pendingSale();
      expect((await confirm(customer, policyId).expect(200)).body.payload).toMatchObject({ id: policyId, status: 'active' });
    });
  });
});
