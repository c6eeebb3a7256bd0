import { BillingService } from '../../../src/modules/billing/billing.service';
import { billingPeriod } from '../../../src/shared/billing/billing-periods';
import { changeProration } from '../../../src/shared/billing/change-proration';
import { addDays, daysInclusive } from '../../../src/shared/dates/iso-day';
import { backdatePolicy } from '../../support/backdate-policy';
import { mailCount, waitForMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { timelineFollowsRow } from '../../support/policy-timeline-sync';
import { buyQuote, readyToPay, SECOND_CAR } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';
import { vinFor } from '../../support/vin-for';

type Client = Awaited<ReturnType<typeof signIn>>;

describe('Policy changes (endorsements)', () => {
  jest.setTimeout(120_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  /** A customer with an active Arizona policy on one car, started a few days ago. */
  async function customerWithPolicy(email = uniqueEmail('changes')) {
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const bought = await buyQuote(client, quoteId);
    const policyId: string = bought.body.payload.policy.id;
    await backdatePolicy(sut, policyId, 3, { termDays: 180 });
    const { window } = (await client.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload;
    return { client, email, policyId, window: window as { earliest: string; latest: string } };
  }

  const addCar = (effectiveDate: string, serial = 2) => ({ kind: 'add-vehicle', effectiveDate, vehicle: { ...SECOND_CAR, vin: vinFor(SECOND_CAR, serial) } });
  const policyOf = async (client: Client, id: string) => (await client.get(`/api/policies/${id}`).expect(200)).body.payload;

  it('prices a new car (rates before and after, the difference prorated to the day), then applies it once from its date', async () => {
    const { client, email, policyId, window } = await customerWithPolicy();
    const before = await policyOf(client, policyId);
    const priced = (await client.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(201)).body.payload;
    expect(priced).toMatchObject({ kind: 'add-vehicle', status: 'priced', effectiveDate: window.earliest, proposedByStaff: false });
    expect(priced.before.baseRateCents).toBe(before.baseRateCents);
    expect(priced.before.vehicles).toHaveLength(1);
    expect(priced.after.vehicles).toHaveLength(2);
    expect(priced.after.vehicles[1]).toMatchObject({ make: 'Toyota', model: 'RAV4', perMileRateMills: expect.any(Number) });
    expect(priced.after.baseRateCents).toBeGreaterThan(before.baseRateCents);
    // Two cars: the Civic, re-rated on the change's day, gets the multi-car discount (table 2026-11-27:
    // 85 % of its base rate, the exact product rounded once), its per-mile rate unchanged.
    const [civicBefore] = priced.before.vehicles;
    const [civicAfter] = priced.after.vehicles;
    expect(civicAfter.perMileRateMills).toBe(civicBefore.perMileRateMills);
    expect(Math.abs(civicAfter.baseRateCents - civicBefore.baseRateCents * 0.85)).toBeLessThanOrEqual(1);
    // The period the change falls in runs to the window's end (the billing period's last day).
    const days = daysInclusive(window.earliest, window.latest);
    expect(priced.proration).toMatchObject({ from: window.earliest, to: window.latest, days });
    const exact = ((priced.after.baseRateCents - before.baseRateCents) * days) / priced.proration.periodDays;
    expect(Math.abs(priced.proration.amountCents - exact)).toBeLessThanOrEqual(0.5);
    // Priced, not applied: the policy is as it was.
    expect((await policyOf(client, policyId)).vehicles).toHaveLength(1);

    const billBefore = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload.billSoFarCents;
    const seen = await mailCount(sut.databaseUrl, email);
    // A double click: two confirmations at once apply the change once, and both answer it applied.
    const answers = await Promise.all([1, 2].map(() => client.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({})));
    for (const answer of answers) expect(answer.body.payload).toMatchObject({ id: priced.id, status: 'applied' });
    expect(answers.map((a) => a.status)).toEqual([200, 200]);
    const again = await client.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    expect(again.body.payload.status).toBe('applied');
    const [row] = await queryRows<{ revision: number }>(sut, 'SELECT revision FROM policies WHERE id = $1', [policyId]);
    expect(row.revision).toBe(1);

    const after = await policyOf(client, policyId);
    expect(after.vehicles.map((v: { model: string }) => v.model)).toEqual(['Civic', 'RAV4']);
    expect(after.baseRateCents).toBe(priced.after.baseRateCents);
    const history = (await client.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload.changes;
    expect(history).toEqual([expect.objectContaining({ id: priced.id, status: 'applied', summary: { vehicle: '2016 Toyota RAV4' } })]);
    // The new documents name the new car.
    const mail = await waitForMail(sut.databaseUrl, email, { seen });
    expect(mail.subject).toMatch(/has changed/);
    expect(mail.text).toContain('2016 Toyota RAV4 added');
    const attachments = await queryRows<{ count: number }>(
      sut,
      `SELECT jsonb_array_length(attachments) AS count FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject LIKE '%has changed%'`,
      [email],
    );
    expect(attachments[0].count).toBe(2);
    expect(after.amendedFrom).toBe(window.earliest);
    // This period's bill so far counts the change's difference from its date, as its statement will.
    const billAfter = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload.billSoFarCents;
    expect(billAfter - billBefore).toBe(priced.proration.amountCents);
    const declarations = await client.get(`/api/policies/${policyId}/documents/declarations.pdf`).buffer(true).expect(200);
    const text = await pdfText(declarations.body);
    expect(text).toContain('Toyota RAV4');
    expect(text).toMatch(/Amended: these declarations replace the earlier ones from/);
    const idCard = await pdfText((await client.get(`/api/policies/${policyId}/documents/id-card.pdf`).buffer(true).expect(200)).body);
    expect(idCard).toContain('Toyota RAV4');
  });

  it('refuses a change priced before another landed (409), a date in the past or beyond the period (400), and nothing to change (400)', async () => {
    const { client, policyId, window } = await customerWithPolicy();
    // A tab prices a move; a second tab prices a new car, which replaces that price (one waits at a time), and lands.
    const second = (
      await client
        .post(`/api/policies/${policyId}/changes`)
        .send({ kind: 'address', effectiveDate: window.earliest, address: { line1: '1 E Congress St', city: 'Tucson', zip: '85701' } })
        .expect(201)
    ).body.payload;
    const first = (await client.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(201)).body.payload;
    await client.post(`/api/policies/${policyId}/changes/${first.id}/confirm`).send({}).expect(200);
    const stale = await client.post(`/api/policies/${policyId}/changes/${second.id}/confirm`).send({}).expect(409);
    expect(stale.body).toMatchObject({ success: false, error: { code: 'CHANGE_OUT_OF_DATE' } });
    expect((await policyOf(client, policyId)).address.city).toBe('Phoenix');
    const yesterday = addDays(window.earliest, -1);
    const past = await client.post(`/api/policies/${policyId}/changes`).send(addCar(yesterday, 3)).expect(400);
    expect(past.body).toMatchObject({ success: false, error: { code: 'CHANGE_DATE_INVALID', message: expect.stringContaining('today') } });
    await client
      .post(`/api/policies/${policyId}/changes`)
      .send(addCar(addDays(window.latest, 1), 3))
      .expect(400);
    await client.post(`/api/policies/${policyId}/changes`).send({ kind: 'add-vehicle', effectiveDate: '2026-02-30' }).expect(400);
    const same = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({
        kind: 'coverage',
        effectiveDate: window.earliest,
        coveragePackage: (await policyOf(client, policyId)).coveragePackage,
        coverage: (await policyOf(client, policyId)).coverage,
      })
      .expect(400);
    expect(same.body.error.code).toBe('CHANGE_NOTHING_CHANGES');
    // Either car can be removed online, by its number: the one listed first too.
    const firstCar = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'remove-vehicle', effectiveDate: window.earliest, vehicleIndex: 0 })
      .expect(201);
    expect(firstCar.body.payload.summary).toEqual({ vehicle: '2019 Honda Civic' });
    const removal = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'remove-vehicle', effectiveDate: window.earliest, vehicleIndex: 1 })
      .expect(201);
    expect(removal.body.payload.after.baseRateCents).toBeLessThan(removal.body.payload.before.baseRateCents);
    // The Civic left alone loses the multi-car discount from the change's day: its base rate back to the full one.
    const [civicTwo, civicAlone] = [removal.body.payload.before.vehicles[0], removal.body.payload.after.vehicles[0]];
    expect(civicAlone.baseRateCents).toBeGreaterThan(civicTwo.baseRateCents);
    expect(Math.abs(civicAlone.baseRateCents * 0.85 - civicTwo.baseRateCents)).toBeLessThanOrEqual(1);
    expect(civicAlone.perMileRateMills).toBe(civicTwo.perMileRateMills);
    expect(removal.body.payload.proration.amountCents).toBeLessThan(0);
  });

  it('refuses moving the car to a state we do not sell in, with its own code, and changes nothing', async () => {
    const { client, policyId, window } = await customerWithPolicy();
    const refused = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'address', effectiveDate: window.earliest, address: { line1: '400 Marquette Ave NW', city: 'Albuquerque', zip: '87102' } })
      .expect(422);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'CHANGE_STATE_NOT_SOLD', message: expect.stringContaining("don't sell") } });
    expect(await queryRows(sut, 'SELECT id FROM policy_changes WHERE policy_id = $1', [policyId])).toEqual([]);
    // A move within the state is priced.
    const moved = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'address', effectiveDate: window.earliest, address: { line1: '1 E Congress St', city: 'Tucson', zip: '85701' } })
      .expect(201);
    expect(moved.body.payload).toMatchObject({ summary: { city: 'Tucson', state: 'AZ' }, after: { state: 'AZ' } });
  });

  it('adds a driver (rated with the household, a license of its state required) and removes them; the named insured stays', async () => {
    const { client, policyId, window } = await customerWithPolicy();
    const teen = { firstName: 'Sofía', lastName: 'García', birthDate: '2008-03-01', relationship: 'child', yearsLicensed: 1, incidents: [] };
    const badLicense = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'add-driver', effectiveDate: window.earliest, driver: { ...teen, license: { state: 'AZ', number: '12' } } })
      .expect(400);
    expect(badLicense.body.error.fields).toHaveProperty(['driver.license.number']);
    const added = (
      await client
        .post(`/api/policies/${policyId}/changes`)
        .send({ kind: 'add-driver', effectiveDate: window.earliest, driver: { ...teen, license: { state: 'AZ', number: 'D12345699' } } })
        .expect(201)
    ).body.payload;
    // A young driver costs more: the riskiest driver sets each rate.
    expect(added.after.baseRateCents).toBeGreaterThan(added.before.baseRateCents);
    await client.post(`/api/policies/${policyId}/changes/${added.id}/confirm`).send({}).expect(200);
    const policy = await policyOf(client, policyId);
    expect(policy.drivers.map((d: { firstName: string }) => d.firstName)).toEqual(['Ana', 'Sofía']);
    expect(policy.drivers[1].license.number).not.toContain('12345699');
    const named = await client
      .post(`/api/policies/${policyId}/changes`)
      .send({ kind: 'remove-driver', effectiveDate: window.earliest, driverIndex: 0 })
      .expect(400);
    expect(named.body.error.code).toBe('INVALID_INPUT');
    const removed = (
      await client.post(`/api/policies/${policyId}/changes`).send({ kind: 'remove-driver', effectiveDate: window.earliest, driverIndex: 1 }).expect(201)
    ).body.payload;
    expect(removed.summary).toEqual({ driver: 'Sofía García' });
    expect(removed.after.baseRateCents).toBe(added.before.baseRateCents);
    await client.post(`/api/policies/${policyId}/changes/${removed.id}/confirm`).send({}).expect(200);
    expect((await policyOf(client, policyId)).drivers).toHaveLength(1);
  });

  it("answers 404 for another customer's policy and change, and never shows them", async () => {
    const { client, policyId, window } = await customerWithPolicy();
    const priced = (await client.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(201)).body.payload;
    const stranger = await signIn(sut, uniqueEmail('nosy'));
    await stranger.get(`/api/policies/${policyId}/changes`).expect(404);
    await stranger.get(`/api/policies/${policyId}/changes/${priced.id}`).expect(404);
    await stranger.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(404);
    const refused = await stranger.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(404);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'POLICY_NOT_FOUND' } });
    // The stranger's own policy does not reach this change either.
    const own = await customerWithPolicy();
    await own.client.post(`/api/policies/${own.policyId}/changes/${priced.id}/confirm`).send({}).expect(404);
    await client.get(`/api/policies/${policyId}/changes/not-a-uuid`).expect(404);
  });

  it('a change staff price for the customer waits for the customer: staff cannot confirm it, the customer can', async () => {
    const { client, email, policyId, window } = await customerWithPolicy();
    const admin = await signIn(sut, 'admin@meterly.test');
    await admin.post('/api/agent/on-behalf').send({ email }).expect(200);
    const seen = await mailCount(sut.databaseUrl, email);
    const priced = (await admin.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(201)).body.payload;
    expect(priced.proposedByStaff).toBe(true);
    const refused = await admin.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(403);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'CHANGE_CONFIRMATION_BY_CUSTOMER' } });
    await admin.post('/api/agent/on-behalf/stop').send({}).expect(200);
    expect((await waitForMail(sut.databaseUrl, email, { seen })).subject).toMatch(/waiting for you/);
    const audit = await queryRows<{ action: string; actor_email: string; target: string }>(
      sut,
      `SELECT action, actor_email, target FROM audit_log WHERE lower(customer_email) = lower($1) AND action LIKE 'policy.change%'`,
      [email],
    );
    expect(audit).toEqual([
      expect.objectContaining({ action: 'policy.change.price', actor_email: 'admin@meterly.test', target: expect.stringMatching(/: add-vehicle$/) }),
    ]);
    // The customer sees it waiting, and confirms it.
    const waiting = (await client.get(`/api/policies/${policyId}/changes`).expect(200)).body.payload.changes;
    expect(waiting).toEqual([expect.objectContaining({ id: priced.id, status: 'priced', proposedByStaff: true })]);
    await client.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    expect((await policyOf(client, policyId)).vehicles).toHaveLength(2);
  });

  it("bills a change from its effective date: the period's miles at each stretch's rates, the prorated difference, the next period at the new rate", async () => {
    const { client, policyId, window } = await customerWithPolicy();
    const priced = (await client.post(`/api/policies/${policyId}/changes`).send(addCar(window.earliest)).expect(201)).body.payload;
    await client.post(`/api/policies/${policyId}/changes/${priced.id}/confirm`).send({}).expect(200);
    // Forty days on: the policy started 43 days ago, the change took effect 40 days ago, in its first period.
    const [was] = await queryRows<{ start: string; end: string }>(
      sut,
      `SELECT to_char(effective_date, 'YYYY-MM-DD') AS start, to_char(term_end_date, 'YYYY-MM-DD') AS "end" FROM policies WHERE id = $1`,
      [policyId],
    );
    await backdatePolicy(sut, policyId, addDays(was.start, -40), { term_end_date: addDays(was.end, -40) });
    await queryRows(sut, `UPDATE policy_changes SET effective_date = effective_date - 40 WHERE policy_id = $1`, [policyId]);
    await timelineFollowsRow(sut, policyId);
    const [{ start, changed }] = await queryRows<{ start: string; changed: string }>(
      sut,
      `SELECT to_char(p.effective_date, 'YYYY-MM-DD') AS start, to_char(c.effective_date, 'YYYY-MM-DD') AS changed FROM policies p JOIN policy_changes c ON c.policy_id = p.id WHERE p.id = $1`,
      [policyId],
    );
    await sut.app.get(BillingService).run({});
    const [statement] = (await client.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    const period = billingPeriod({ effectiveDate: start, billingAnchors: null }, 0);
    type Line = { kind: string; from: string; to: string; vehicleIndex?: number; perMileRateMills?: number; amountCents: number };
    const lines: Line[] = statement.lines;
    expect(lines.filter((l) => l.kind === 'miles').map((l) => [l.vehicleIndex, l.from, l.to, l.perMileRateMills])).toEqual([
      [0, period.start, addDays(changed, -1), priced.before.vehicles[0].perMileRateMills],
      [0, changed, period.end, priced.after.vehicles[0].perMileRateMills],
      [1, changed, period.end, priced.after.vehicles[1].perMileRateMills],
    ]);
    const expected = changeProration(period, changed, priced.before.baseRateCents, priced.after.baseRateCents);
    expect(lines.find((l) => l.kind === 'policy-change')).toMatchObject({ from: changed, to: period.end, amountCents: expected.amountCents });
    expect(lines.find((l) => l.kind === 'base-rate')?.amountCents).toBe(priced.after.baseRateCents);
    expect(statement.totalCents).toBe(lines.reduce((sum, l) => sum + l.amountCents, 0));
  });
});
