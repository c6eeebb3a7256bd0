import { drainMail, mailCount } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy, type SignedInClient } from '../../support/policy-customer';
import { SECOND_CAR } from '../../support/purchase-flow';
import { signIn } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

/** What src/modules/policy/changes/proposal-limits.ts allows a policy in an hour. */
const PROPOSALS_PER_HOUR = 3;

/** Issue 30: twelve staff proposals were twelve e-mails in four seconds. */
describe('Change proposals are limited per policy, and one priced change waits at a time', () => {
  jest.setTimeout(180_000);
  let admin: SignedInClient;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  beforeAll(async () => {
    admin = await signIn(sut, 'admin@meterly.test');
  });

  afterEach(async () => {
    await admin.post('/api/agent/on-behalf/stop').send({});
  });

  async function activePolicy(prefix: string) {
    const sold = await customerWithPolicy(sut, prefix, { startedDaysAgo: 3 });
    const { window } = (await sold.web.get(`/api/policies/${sold.policyId}/changes`).expect(200)).body.payload;
    return { ...sold, day: window.earliest as string };
  }
  const addCar = (client: SignedInClient, policyId: string, day: string, serial: number) =>
    client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'add-vehicle', effectiveDate: day, vehicle: { ...SECOND_CAR, vin: vinFor(SECOND_CAR, serial) } });

  it("sends the customer at most the hour's allowance of proposals, refusing the rest with 429 and keeping only the newest priced", async () => {
    const { email, policyId, day } = await activePolicy('proposals');
    await drainMail(sut);
    const before = await mailCount(sut.databaseUrl, email);
    await admin.post('/api/agent/on-behalf').send({ email }).expect(200);

    const answers = [];
    for (let serial = 1; serial <= 12; serial++) answers.push(await addCar(admin, policyId, day, serial));
    expect(answers.map((a) => a.status)).toEqual([...Array<number>(PROPOSALS_PER_HOUR).fill(201), ...Array<number>(12 - PROPOSALS_PER_HOUR).fill(429)]);
    const refused = answers[PROPOSALS_PER_HOUR];
    expect(refused.body).toMatchObject({
      success: false,
      error: { code: 'TOO_MANY_REQUESTS', message: expect.stringContaining('Wait'), extra: { retryAfterSeconds: expect.any(Number) } },
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);

    await drainMail(sut);
    expect(await mailCount(sut.databaseUrl, email)).toBe(before + PROPOSALS_PER_HOUR);
    // One priced change waits: the newest; the earlier ones were superseded by it.
    const rows = await queryRows<{ status: string }>(sut, `SELECT status FROM policy_changes WHERE policy_id = $1 ORDER BY created_at`, [policyId]);
    expect(rows.map((r) => r.status)).toEqual(['superseded', 'superseded', 'priced']);
  });

  it('supersedes an unconfirmed price with a newer one: the customer sees the newest, and confirming the older answers 409', async () => {
    const { web, policyId, day } = await activePolicy('one-priced');
    const older = (await addCar(web, policyId, day, 21).expect(201)).body.payload;
    const newer = (await addCar(web, policyId, day, 22).expect(201)).body.payload;
    const { changes } = (await web.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload;
    expect(changes.map((c: { id: string }) => c.id)).toEqual([newer.id]);
    expect((await web.get(`/api/policies/${policyId}/changes/${older.id}`).expect(200)).body.payload.status).toBe('superseded');

    const stale = await web.post(`/api/policies/${policyId}/changes/${older.id}/confirm`).send({});
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ success: false, error: { code: 'CHANGE_OUT_OF_DATE', message: expect.stringContaining('newer price') } });
    await web.post(`/api/policies/${policyId}/changes/${newer.id}/confirm`).send({}).expect(200);
  });

  it("lets the customer price as often as they like: their own prices send no mail and are not counted against staff's", async () => {
    const { web, email, policyId, day } = await activePolicy('own-prices');
    await drainMail(sut);
    const before = await mailCount(sut.databaseUrl, email);
    for (let serial = 31; serial <= 31 + PROPOSALS_PER_HOUR; serial++) await addCar(web, policyId, day, serial).expect(201);
    await admin.post('/api/agent/on-behalf').send({ email }).expect(200);
    await addCar(admin, policyId, day, 40).expect(201);
    await drainMail(sut);
    expect(await mailCount(sut.databaseUrl, email)).toBe(before + 1);
  });
});
