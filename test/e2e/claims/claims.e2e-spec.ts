import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { dueAfter, nextSteps } from '../../../src/shared/claims/claim-next-steps';
import { stateDay } from '../../../src/shared/dates/state-day';
import { waitForMailLike } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { customerWithPolicy } from '../../support/policy-customer';
import { signIn } from '../../support/sign-in';
import { JPEG_2X2, PNG_1X1 } from '../../support/test-images';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

const PNG = PNG_1X1;
const JPEG = JPEG_2X2;
const hoursAgo = (hours: number) => new Date(Date.now() - hours * 3_600_000).toISOString();

describe('Claims: a customer reports one, staff within reach move it, nobody else sees it', () => {
  jest.setTimeout(180_000);
  const app = () => request(sut.url);
  let admin: Client;
  let agent: Client;
  let otherAgent: Client;

  let ana: Awaited<ReturnType<typeof customerWithPolicy>>;
  let ben: Awaited<ReturnType<typeof customerWithPolicy>>;

  const report = (overrides: object = {}) => ({
    policyId: ana.policyId,
    vehicleIndex: 0,
    kind: 'accident',
    occurredAt: hoursAgo(20),
    location: 'Camelback Rd and 24th St, Phoenix',
    description: 'A pickup ran the red light and hit my passenger door.',
    otherParty: 'Sam Lee, Acme Mutual, AZ plate 123-ABC',
    policeReport: 'PHX-2026-118234',
    injuries: false,
    ...overrides,
  });

  const send = (client: Client, body: object, key: string = randomUUID()) => client.post('/api/claims').set('Idempotency-Key', key).send(body);
  /** A photo is its own request, the image itself as the body (claim-photo-uploads.e2e-spec.ts holds its rules). */
  const addPhoto = (client: Client, id: string, bytes: Buffer, type: string) =>
    client.post(`/api/claims/${id}/photos`).set('Content-Type', type).send(bytes).expect(201);

  async function claimCount(userEmail: string): Promise<number> {
    const [row] = await queryRows<{ n: number }>(
      sut,
      `SELECT count(*)::int AS n FROM claims c JOIN users u ON u.id = c.user_id WHERE lower(u.email) = lower($1)`,
      [userEmail],
    );
    return row.n;
  }

  const mailLike = (to: string, subject: RegExp) => waitForMailLike(sut.databaseUrl, to, subject);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, drainMail: true });

  beforeAll(async () => {
    // Customers of Dana's (MTR-1001), with Arizona policies that started ten days ago.
    ana = await customerWithPolicy(sut, 'ana', { producerId: 'MTR-1001' });
    ben = await customerWithPolicy(sut, 'ben', { producerId: 'MTR-1001', locale: 'es' });
    [admin, agent, otherAgent] = await Promise.all([signIn(sut, 'admin@meterly.test'), signIn(sut, 'agent@meterly.test'), signIn(sut, 'agent2@meterly.test')]);
  });

  let claimId: string;
  let claimNumber: string;

  it('gives a claim number at once, keeps the photos sent after it, and mails the number in the customer’s language', async () => {
    const res = await send(ana.web, report()).expect(201);
    expect(res.body.payload.photoIds).toEqual([]);
    await addPhoto(ana.web, res.body.payload.id, JPEG, 'image/jpeg');
    const claim = (await addPhoto(ana.web, res.body.payload.id, PNG, 'image/png')).body.payload;
    claimId = claim.id;
    claimNumber = claim.number;
    expect(claim).toEqual(
      expect.objectContaining({
        number: expect.stringMatching(/^CLM-\d{4}-\d{6}$/),
        policyId: ana.policyId,
        vehicle: '2019 Honda Civic',
        kind: 'accident',
        status: 'reported',
        policeReport: 'PHX-2026-118234',
        injuries: false,
        photoIds: [expect.any(String), expect.any(String)],
        events: [{ status: 'reported', note: null, at: expect.stringMatching(/Z$/) }],
        // Issue 27: what happens next, by which of Arizona's days, and who handles it (the agent who sold the policy).
        nextSteps: nextSteps({ status: 'reported', events: claim.events }, 'AZ'),
        handler: { kind: 'agent', name: expect.any(String), email: 'agent@meterly.test', phone: expect.any(String) },
      }),
    );
    expect(claim.nextSteps.map((s: { step: string }) => s.step)).toEqual(['review', 'decision', 'payment']);
    expect(claim.nextSteps[0].by).toBe(dueAfter(stateDay(new Date(claim.events[0].at), 'AZ'), 'review', 'AZ'));
    expect(claim.number.slice(4, 8)).toBe(String(new Date().getUTCFullYear()));
    const photo = await ana.web.get(`/api/claims/${claimId}/photos/${claim.photoIds[1]}`).expect(200);
    expect(photo.headers['content-type']).toBe('image/png');
    expect(photo.headers['x-content-type-options']).toBe('nosniff');
    expect(Buffer.from(photo.body as Buffer).equals(PNG)).toBe(true);
    const mail = await mailLike(ana.email, new RegExp(`We received your claim ${claimNumber}`));
    // Greeted by name, as the policy's own e-mails are (issue 26).
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('What happens next: We begin reviewing your claim by ');
    expect(mail.text).toContain('handles your claim: ');
    expect(mail.text).toContain(claimNumber);
    expect(mail.text).toContain('1-800-555-0199');
    expect(mail.text).toContain('/profile#claims');
    expect((await ana.web.get('/api/claims').expect(200)).body.payload.map((c: { id: string }) => c.id)).toEqual([claimId]);
  });

  it('makes one claim of a report sent twice with the same key (double click, second tab), and refuses the key for another report', async () => {
    const key = randomUUID();
    const before = await claimCount(ana.email);
    const body = report({ kind: 'theft', description: 'My car was taken from the driveway overnight.' });
    const [first, second] = await Promise.all([send(ana.web, body, key), send(ana.web, body, key)]);
    expect([first.status, second.status].sort()).toEqual([200, 201]);
    expect(first.body.payload.id).toBe(second.body.payload.id);
    const third = await send(ana.web, body, key).expect(200);
    expect(third.body.payload.number).toBe(first.body.payload.number);
    expect(await claimCount(ana.email)).toBe(before + 1);
    const reused = await send(ana.web, { ...body, injuries: true }, key).expect(409);
    expect(reused.body.error.code).toBe('IDEMPOTENCY_KEY_REUSED');
    expect((await ana.web.post('/api/claims').send(body).expect(400)).body.error.code).toBe('IDEMPOTENCY_KEY_MISSING');
    expect((await send(ana.web, body, 'short').expect(400)).body.error.code).toBe('IDEMPOTENCY_KEY_INVALID');
    expect(await claimCount(ana.email)).toBe(before + 1);
  });

  it.each([
    ['in the future', { occurredAt: new Date(Date.now() + 3 * 3_600_000).toISOString() }, 400, 'CLAIM_IN_FUTURE'],
    ['before the policy started', { occurredAt: hoursAgo(24 * 30) }, 422, 'CLAIM_BEFORE_POLICY'],
    ['on a car not on the policy', { vehicleIndex: 3 }, 400, 'CLAIM_VEHICLE_UNKNOWN'],
    ['without a description', { description: '' }, 400, 'INVALID_INPUT'],
    ['with a kind we do not know', { kind: 'hail' }, 400, 'INVALID_INPUT'],
    ['with injuries as text', { injuries: 'no' }, 400, 'INVALID_INPUT'],
    ['with a bad time', { occurredAt: 'yesterday' }, 400, 'INVALID_INPUT'],
  ])('refuses a report %s with a clear code', async (_what, overrides, status, code) => {
    const res = await send(ana.web, report(overrides)).expect(status);
    expect(res.body).toEqual({ success: false, error: expect.objectContaining({ code, message: expect.any(String) }) });
  });

  it("refuses a report on someone else's policy as if it did not exist, and a visitor", async () => {
    expect((await send(ben.web, report()).expect(404)).body.error.code).toBe('POLICY_NOT_FOUND');
    await app().post('/api/claims').set('Origin', sut.url).set('Idempotency-Key', randomUUID()).send(report()).expect(401);
  });

  it("shows a claim only to its owner and to staff within reach: 404 for another customer and another agent's", async () => {
    for (const path of [`/api/claims/${claimId}`, `/api/claims/${randomUUID()}`, '/api/claims/not-an-id']) {
      const res = await ben.web.get(path).expect(404);
      expect(res.body.error.code).toBe('CLAIM_NOT_FOUND');
    }
    expect((await ben.web.get('/api/claims').expect(200)).body.payload).toEqual([]);
    const photoId = (await ana.web.get(`/api/claims/${claimId}`).expect(200)).body.payload.photoIds[0];
    await ben.web.get(`/api/claims/${claimId}/photos/${photoId}`).expect(404);
    await otherAgent.get(`/api/agent/claims/${claimId}/photos/${photoId}`).expect(404);
    expect((await agent.get(`/api/agent/claims/${claimId}/photos/${photoId}`).expect(200)).headers['content-type']).toBe('image/jpeg');

    const mine = expect.objectContaining({ id: claimId, number: claimNumber, customerEmail: ana.email, producerId: 'MTR-1001' });
    expect((await agent.get('/api/agent/claims').expect(200)).body.payload).toEqual(expect.arrayContaining([mine]));
    expect((await admin.get('/api/agent/claims?status=reported').expect(200)).body.payload).toEqual(expect.arrayContaining([mine]));
    expect((await otherAgent.get('/api/agent/claims').expect(200)).body.payload).toEqual([]);
    expect((await otherAgent.get(`/api/agent/claims/${claimId}`).expect(404)).body.error.code).toBe('CLAIM_NOT_FOUND');
    const moved = await otherAgent.post(`/api/agent/claims/${claimId}/status`).send({ to: 'under_review', note: 'Mine now.' }).expect(404);
    expect(moved.body.error.code).toBe('CLAIM_NOT_FOUND');
    // Customers and visitors are not staff.
    await ana.web.get('/api/agent/claims').expect(403);
    await ana.web.post(`/api/agent/claims/${claimId}/status`).send({ to: 'approved', note: 'Approve myself.' }).expect(403);
    await app().get('/api/agent/claims').expect(403);
    expect((await admin.get('/api/agent/claims?status=lost').expect(400)).body.error.code).toBe('INVALID_INPUT');
  });

  it('lets staff move a claim only along its states, with a note the customer sees, audited and mailed', async () => {
    const step = (client: Client, to: string, note = `Now ${to}.`, from?: string) =>
      client.post(`/api/agent/claims/${claimId}/status`).send({ to, note, ...(from && { from }) });

    const skipped = await step(agent, 'paid').expect(409);
    expect(skipped.body.error).toEqual(
      expect.objectContaining({ code: 'CLAIM_TRANSITION_NOT_ALLOWED', extra: { from: 'reported', to: 'paid', allowed: ['under_review', 'closed'] } }),
    );
    expect((await step(agent, 'under_review', '').expect(400)).body.error.code).toBe('INVALID_INPUT');
    const reviewed = await step(agent, 'under_review', 'An adjuster, Kim, will call you by Friday.', 'reported').expect(200);
    expect(reviewed.body.payload.status).toBe('under_review');
    // Under review, the decision and the payment are ahead, counted from the day review began.
    const reviewing = (await ana.web.get(`/api/claims/${claimId}`).expect(200)).body.payload;
    expect(reviewing.nextSteps).toEqual(nextSteps(reviewing, 'AZ'));
    expect(reviewing.nextSteps.map((s: { step: string }) => s.step)).toEqual(['decision', 'payment']);
    // A second tab still showing "reported" is told the claim moved, not allowed to move it twice.
    expect((await step(admin, 'under_review', 'Again.', 'reported').expect(409)).body.error.code).toBe('CLAIM_STATUS_CHANGED');
    expect((await step(admin, 'under_review').expect(409)).body.error.code).toBe('CLAIM_TRANSITION_NOT_ALLOWED');
    await step(admin, 'approved', 'Approved: the other driver was at fault.').expect(200);
    await step(admin, 'paid', 'We paid $2,140 to your repair shop.').expect(200);
    await step(admin, 'closed', 'Closed. Drive safely!').expect(200);
    expect((await step(admin, 'under_review').expect(409)).body.error.code).toBe('CLAIM_TRANSITION_NOT_ALLOWED');

    const seen = (await ana.web.get(`/api/claims/${claimId}`).expect(200)).body.payload;
    expect(seen.status).toBe('closed');
    expect(seen.nextSteps).toEqual([]);
    expect(seen.events.map((e: { status: string; note: string | null }) => [e.status, e.note])).toEqual([
      ['reported', null],
      ['under_review', 'An adjuster, Kim, will call you by Friday.'],
      ['approved', 'Approved: the other driver was at fault.'],
      ['paid', 'We paid $2,140 to your repair shop.'],
      ['closed', 'Closed. Drive safely!'],
    ]);
    const audit = await queryRows<{ action: string; actorEmail: string; customerEmail: string; target: string }>(
      sut,
      `SELECT action, actor_email AS "actorEmail", customer_email AS "customerEmail", target FROM audit_log WHERE action = 'claim.status' AND target LIKE $1 ORDER BY id`,
      [`${claimNumber} %`],
    );
    expect(audit.map((a) => [a.actorEmail, a.customerEmail, a.target.replace(/^\S+ \(\S+\): /, '')])).toEqual([
      ['agent@meterly.test', ana.email, 'reported → under_review'],
      ['admin@meterly.test', ana.email, 'under_review → approved'],
      ['admin@meterly.test', ana.email, 'approved → paid'],
      ['admin@meterly.test', ana.email, 'paid → closed'],
    ]);
    const mail = await mailLike(ana.email, new RegExp(`Your claim ${claimNumber}: Paid`));
    expect(mail.text).toContain('Hello Ana,');
    expect(mail.text).toContain('We paid $2,140 to your repair shop.');
  });

  it('lets an admin report for a customer, audited with both identities, and mails the customer in Spanish', async () => {
    await admin.post('/api/agent/on-behalf').send({ email: ben.email }).expect(200);
    try {
      const res = await send(admin, report({ policyId: ben.policyId })).expect(201);
      const number: string = res.body.payload.number;
      const [entry] = await queryRows<{ actorEmail: string; customerEmail: string }>(
        sut,
        `SELECT actor_email AS "actorEmail", customer_email AS "customerEmail" FROM audit_log WHERE action = 'claim.report' AND target LIKE $1`,
        [`${number} %`],
      );
      expect(entry).toEqual({ actorEmail: 'admin@meterly.test', customerEmail: ben.email });
      const mail = await mailLike(ben.email, new RegExp(`Recibimos tu reclamo ${number}`));
      expect(mail.text).toContain('Hola, Ana:');
      expect(mail.text).toContain('/es/profile#claims');
      expect((await ben.web.get('/api/claims').expect(200)).body.payload.map((c: { number: string }) => c.number)).toEqual([number]);
    } finally {
      await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    }
  });

  it('takes ten new reports a day from a customer on the web, then sends them to the phone (429), replays still answered', async () => {
    const cy = await customerWithPolicy(sut, 'cy');
    const bodies = Array.from({ length: 11 }, (_, n) => report({ policyId: cy.policyId, description: `Hail dented the roof, report number ${n}.` }));
    const keys = bodies.map(() => randomUUID());
    for (let n = 0; n < 10; n++) await send(cy.web, bodies[n], keys[n]).expect(201);
    const refused = await send(cy.web, bodies[10], keys[10]).expect(429);
    expect(refused.body.error.code).toBe('TOO_MANY_REQUESTS');
    expect(refused.body.error.message).toContain('1-800-555-0199');
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    await send(cy.web, bodies[3], keys[3]).expect(200);
    expect(await claimCount(cy.email)).toBe(10);
  });

  it('refuses a report on a cancelled policy for a day after it ended', async () => {
    await queryRows(sut, `UPDATE policies SET status = 'cancelled', cancellation_date = current_date - 3, cancelled_at = now() WHERE id = $1`, [ben.policyId]);
    expect((await send(ben.web, report({ policyId: ben.policyId, occurredAt: hoursAgo(1) })).expect(422)).body.error.code).toBe('CLAIM_AFTER_COVERAGE');
    await send(ben.web, report({ policyId: ben.policyId, occurredAt: hoursAgo(24 * 5) })).expect(201);
  });
});
