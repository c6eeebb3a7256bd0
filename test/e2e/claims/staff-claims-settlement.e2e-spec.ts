import { reportAccident } from '../../support/claim-fixtures';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Issue 30, item 10a: an agent filed a claim for a customer, then approved it and marked it
 * paid. Claims are settled (approved, denied, paid, or an approved one closed unpaid) by an
 * admin, standing for the claims department, and never by whoever filed the report
 * (claim-settlement.ts); agents still triage (reported → under review, or closed).
 */
describe('Claims: who may settle them', () => {
  jest.setTimeout(180_000);
  let agent: Client;
  let admin: Client;
  let secondAdmin: Client;
  let customer: Awaited<ReturnType<typeof customerWithPolicy>>;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  beforeAll(async () => {
    customer = await customerWithPolicy(sut, 'settle', { producerId: 'MTR-1001' });
    await queryRows(sut, `UPDATE users SET served_by_producer_id = 'MTR-1001' WHERE lower(email) = lower($1)`, [customer.email]);
    [agent, admin] = await Promise.all([signIn(sut, 'agent@meterly.test'), signIn(sut, 'admin@meterly.test')]);
    const secondEmail = uniqueEmail('adjuster');
    await admin.post('/api/admin/staff').send({ role: 'admin', email: secondEmail, name: 'Kim Adjuster' }).expect(201);
    secondAdmin = await signIn(sut, secondEmail);
  });

  afterEach(async () => {
    await Promise.all([agent.post('/api/agent/on-behalf/stop').send({}), admin.post('/api/agent/on-behalf/stop').send({})]);
  });

  /** A claim filed by `staff` acting for the customer, or by the customer when none. */
  async function fileClaim(staff?: Client): Promise<string> {
    const client = staff ?? customer.web;
    if (staff) await staff.post('/api/agent/on-behalf').send({ email: customer.email }).expect(200);
    const { id } = await reportAccident(client, customer.policyId);
    if (staff) await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
    return id;
  }

  const step = (client: Client, id: string, to: string) => client.post(`/api/agent/claims/${id}/status`).send({ to, note: `Now ${to}.` });
  const statusOf = async (id: string) => (await queryRows<{ status: string }>(sut, 'SELECT status FROM claims WHERE id = $1', [id]))[0].status;

  it('lets the agent who filed a claim triage it but not approve, deny or pay it, and says why', async () => {
    const id = await fileClaim(agent);
    expect((await agent.get(`/api/agent/claims/${id}`).expect(200)).body.payload.settleBlocked).toBe('agents-do-not-settle');
    await step(agent, id, 'under_review').expect(200);
    for (const to of ['approved', 'denied']) {
      const refused = await step(agent, id, to).expect(403);
      expect(refused.body).toEqual({
        success: false,
        error: expect.objectContaining({ code: 'CLAIM_SETTLEMENT_NOT_ALLOWED', message: expect.any(String), extra: { reason: 'agents-do-not-settle' } }),
      });
    }
    expect(await statusOf(id)).toBe('under_review');
    // The claims team settles it: an admin who did not file it.
    await step(admin, id, 'approved').expect(200);
    await step(agent, id, 'paid').expect(403);
    await step(agent, id, 'closed').expect(403);
    await step(admin, id, 'paid').expect(200);
    expect(await statusOf(id)).toBe('paid');
  });

  it('does not let an admin settle a claim they filed acting for the customer; another admin does', async () => {
    const id = await fileClaim(admin);
    expect((await admin.get(`/api/agent/claims/${id}`).expect(200)).body.payload.settleBlocked).toBe('filed-by-you');
    expect((await secondAdmin.get(`/api/agent/claims/${id}`).expect(200)).body.payload.settleBlocked).toBeNull();
    await step(admin, id, 'under_review').expect(200);
    expect((await step(admin, id, 'approved').expect(403)).body.error.extra).toEqual({ reason: 'filed-by-you' });
    await step(secondAdmin, id, 'approved').expect(200);
    expect((await step(admin, id, 'paid').expect(403)).body.error.code).toBe('CLAIM_SETTLEMENT_NOT_ALLOWED');
    await step(secondAdmin, id, 'paid').expect(200);
  });

  it('lets an admin settle a claim the customer filed', async () => {
    const id = await fileClaim();
    expect((await admin.get(`/api/agent/claims/${id}`).expect(200)).body.payload.settleBlocked).toBeNull();
    await step(agent, id, 'under_review').expect(200);
    await step(admin, id, 'denied').expect(200);
  });
});
