import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { SECOND_CAR } from '../../support/purchase-flow';
import { dayFromToday, GOOD_ANSWERS } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

/** The seeded agent Dana Reyes, licensed in AZ, TX and OR: not in Illinois, where we sell. */
const DANA = 'MTR-1001';
const DANA_STATES = ['AZ', 'TX', 'OR'];
const CHICAGO = { line1: '233 S Wacker Dr', city: 'Chicago', zip: '60606' };
const TUCSON = { line1: '1 E Congress St', city: 'Tucson', zip: '85701' };

type Answer = { status: number; body: { success: boolean; error: { code: string; message: string; extra: Record<string, unknown> } } };

/** Issue 30: every staff action on a policy, and every move of it to another state, passes one licence rule. */
describe('Acting on a policy needs a licence in its state (issue 30)', () => {
  jest.setTimeout(180_000);
  let agent: SignedInClient;
  let admin: SignedInClient;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  beforeAll(async () => {
    agent = await signIn(sut, 'agent@meterly.test');
    admin = await signIn(sut, 'admin@meterly.test');
  });

  afterEach(async () => {
    await queryRows(sut, 'UPDATE agents SET licensed_states = $2 WHERE producer_id = $1', [DANA, DANA_STATES]);
    for (const staff of [agent, admin]) await staff.post('/api/agent/on-behalf/stop').send({});
  });

  /** An active Arizona policy Dana sold to a customer she serves. */
  async function danasCustomer(prefix: string) {
    const sold = await customerWithPolicy(sut, prefix, { producerId: DANA, startedDaysAgo: 3 });
    await queryRows(sut, 'UPDATE users SET served_by_producer_id = $2 WHERE lower(email) = lower($1)', [sold.email, DANA]);
    const { window } = (await sold.web.get(`/api/policies/${sold.policyId}/changes`).expect(200)).body.payload;
    return { ...sold, day: window.earliest as string };
  }
  const actFor = async (staff: SignedInClient, email: string) => staff.post('/api/agent/on-behalf').send({ email }).expect(200);
  const move = (client: SignedInClient, policyId: string, day: string, address: object) =>
    client.post(`/api/policies/${policyId}/changes`).send({ kind: 'address', effectiveDate: day, address });
  const addCar = (client: SignedInClient, policyId: string, day: string) =>
    client.post(`/api/policies/${policyId}/changes`).send({ kind: 'add-vehicle', effectiveDate: day, vehicle: { ...SECOND_CAR, vin: vinFor(SECOND_CAR, 7) } });
  const policyRow = async (policyId: string) =>
    (await queryRows<{ state: string; producer_id: string | null }>(sut, 'SELECT state, producer_id FROM policies WHERE id = $1', [policyId]))[0];
  const expectRefused = (res: Answer, state: string, agentOf: 'acting' | 'of-record') => {
    expect(res.status).toBe(403);
    expect(res.body).toMatchObject({ success: false, error: { code: 'AGENT_NOT_LICENSED_IN_STATE', extra: { state, agent: agentOf } } });
    expect(res.body.error.message).toContain(` ${state} `);
  };

  it("refuses an agent pricing a customer's move to a state she is not licensed in, and keeps nothing", async () => {
    const { email, policyId, day } = await danasCustomer('move-il');
    await actFor(agent, email);
    expectRefused(await move(agent, policyId, day, CHICAGO), 'IL', 'acting');
    expect(await queryRows(sut, 'SELECT id FROM policy_changes WHERE policy_id = $1', [policyId])).toEqual([]);
    // Where she is licensed the move is hers to price, and the policy keeps her.
    const tucson = (await move(agent, policyId, day, TUCSON).expect(201)).body.payload;
    expect(tucson).toMatchObject({ after: { state: 'AZ' }, releasesAgentOfRecord: false });
  });

  it("tells the customer moving out of their agent's states that the policy passes to the agency, and on confirmation clears and audits the agent of record", async () => {
    const { web, email, policyId, day } = await danasCustomer('own-move');
    const priced = (await move(web, policyId, day, CHICAGO).expect(201)).body.payload;
    expect(priced).toMatchObject({ after: { state: 'IL' }, releasesAgentOfRecord: true });
    const waiting = (await web.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload.changes;
    expect(waiting).toEqual([expect.objectContaining({ id: priced.id, releasesAgentOfRecord: true })]);

    await web.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    expect(await policyRow(policyId)).toEqual({ state: 'IL', producer_id: null });
    const audit = await queryRows<{ action: string; target: string }>(
      sut,
      `SELECT action, target FROM audit_log WHERE lower(actor_email) = lower($1) AND action = 'policy.agent-of-record.released'`,
      [email],
    );
    expect(audit).toEqual([{ action: 'policy.agent-of-record.released', target: expect.stringContaining(`${DANA}, not licensed in IL`) }]);

    // Dana still serves the customer's account, but not this Illinois policy: no new car priced on it.
    await actFor(agent, email);
    expectRefused(await addCar(agent, policyId, day), 'IL', 'acting');
  });

  it('refuses every staff write on a policy in a state the acting agent is not licensed in: a new car, a cancellation, a budget, a reading', async () => {
    const { email, policyId, day } = await danasCustomer('unlicensed');
    await queryRows(sut, 'UPDATE agents SET licensed_states = $2 WHERE producer_id = $1', [DANA, ['TX', 'OR']]);
    await actFor(agent, email);
    expectRefused(await addCar(agent, policyId, day), 'AZ', 'acting');
    expectRefused(await agent.post(`/api/policies/${policyId}/cancel`).send({ date: dayFromToday(5) }), 'AZ', 'acting');
    expectRefused(await agent.put(`/api/policies/${policyId}/billing/budget`).send({ miles: 600 }), 'AZ', 'acting');
    expectRefused(await agent.post(`/api/policies/${policyId}/odometer`).send({ reading: 12_000, vehicleIndex: 0 }), 'AZ', 'acting');
    const row = (await queryRows<{ status: string; mile_budget: number | null }>(sut, 'SELECT status, mile_budget FROM policies WHERE id = $1', [policyId]))[0];
    expect(row).toEqual({ status: 'active', mile_budget: null });
    expect(await queryRows(sut, 'SELECT id FROM odometer_readings WHERE policy_id = $1', [policyId])).toEqual([]);
    // Reading the policy stays open to her: she can tell the customer who can help.
    await agent.get(`/api/policies/${policyId}`).expect(200);
  });

  it('refuses an admin acting on a policy whose agent of record is not licensed in its state, and lets the customer act', async () => {
    const { web, email, policyId, day } = await danasCustomer('of-record');
    await queryRows(sut, 'UPDATE agents SET licensed_states = $2 WHERE producer_id = $1', [DANA, ['TX']]);
    await actFor(admin, email);
    expectRefused(await addCar(admin, policyId, day), 'AZ', 'of-record');
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    await addCar(web, policyId, day).expect(201);
  });

  it("lets an admin price a move out of the agent's states, telling the customer the policy passes to the agency", async () => {
    const { web, email, policyId, day } = await danasCustomer('admin-move');
    await actFor(admin, email);
    const priced = (await move(admin, policyId, day, CHICAGO).expect(201)).body.payload;
    expect(priced).toMatchObject({ proposedByStaff: true, releasesAgentOfRecord: true });
    // The customer's e-mail says so too, before they confirm.
    expect((await waitForMailLike(sut.databaseUrl, email, /waiting for you/)).text).toContain("Your agent isn't licensed in IL, so when you confirm this move");
    // Licensed in Illinois before the customer confirms: the price told them otherwise, so it is priced again.
    await queryRows(sut, 'UPDATE agents SET licensed_states = $2 WHERE producer_id = $1', [DANA, [...DANA_STATES, 'IL']]);
    const stale = await web.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({});
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, error: { code: 'CHANGE_OUT_OF_DATE' } });
    expect(await policyRow(policyId)).toEqual({ state: 'AZ', producer_id: DANA });
    const again = (await move(web, policyId, day, CHICAGO).expect(201)).body.payload;
    expect(again.releasesAgentOfRecord).toBe(false);
    await web.post(`/api/policies/${policyId}/changes/${again.id}/confirm`).send({}).expect(200);
    expect(await policyRow(policyId)).toEqual({ state: 'IL', producer_id: DANA });
  });

  it("tells a customer moving an agent's quote to a state the agent is not licensed in at the ZIP step, not at payment", async () => {
    const email = uniqueEmail('quote-move');
    await actFor(agent, email);
    const quote = (await agent.post('/api/quotes').send(GOOD_ANSWERS).expect(201)).body.payload;
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const customer = await signIn(sut, email);
    expectRefused(await customer.patch(`/api/quotes/${quote.id}`).send({ zip: '60601' }), 'IL', 'of-record');
    expect((await customer.get(`/api/quotes/${quote.id}`).expect(200)).body.payload).toMatchObject({ state: 'AZ', answers: { zip: GOOD_ANSWERS.zip } });
    // Within the agent's states the customer moves it freely.
    expect((await customer.patch(`/api/quotes/${quote.id}`).send({ zip: '78701' }).expect(200)).body.payload.state).toBe('TX');
  });
});
