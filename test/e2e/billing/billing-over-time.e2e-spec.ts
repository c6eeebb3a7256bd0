import { BillingService } from '../../../src/modules/billing/billing.service';
import { addDays, addMonths } from '../../../src/shared/dates/iso-day';
import { queryRows } from '../../support/payment-fixtures';
import { buyQuote, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../../support/test-app';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

/**
 * Billing as months go by, on two server instances sharing one database and one moved clock:
 * a billing day of the customer's choice, the reminder to send miles, statements made and
 * charged once whichever instance runs the job.
 */
describe('Billing over time, on two instances', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  let two: TestApp;
  const today = () => clock.now().toISOString().slice(0, 10);
  /** Moves the clock to a day (UTC noon, so every state's day is the same one); sessions idle that long have ended, so the customers sign in again. */
  async function moveTo(day: string): Promise<void> {
    clock.advance(Date.parse(`${day}T12:00:00Z`) - clock.now().getTime());
    for (const customer of [quiet, chooser]) customer.client = await signIn(one, customer.email);
  }
  const runBothAtOnce = () => Promise.all([one.app.get(BillingService).run({}), two.app.get(BillingService).run({})]);

  async function customerWithPolicy(
    prefix: string,
  ): Promise<{ client: Client; email: string; policyId: string; effectiveDate: string; baseRateCents: number }> {
    const email = uniqueEmail(prefix);
    const client = await signIn(one, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await buyQuote(client, quoteId)).body.payload;
    return { client, email, policyId: policy.id, effectiveDate: policy.effectiveDate, baseRateCents: policy.baseRateCents };
  }

  const statementsOf = (policyId: string) =>
    queryRows<{
      id: string;
      period_index: number;
      status: string;
      total_cents: number;
      lines: { kind: string; from: string; to: string; days?: number; periodDays?: number; amountCents: number; miles?: number }[];
    }>(one, 'SELECT id, period_index, status, total_cents, lines FROM statements WHERE policy_id = $1 ORDER BY period_index', [policyId]);
  /** The mails to `email` whose subject is LIKE `subject`, once at least `count` arrived (the queue sends them) and a moment more for any extra. */
  async function mailsTo(email: string, subject: string, count = 1): Promise<{ subject: string; text_body: string }[]> {
    const read = () =>
      queryRows<{ subject: string; text_body: string }>(
        one,
        `SELECT subject, text_body FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject LIKE $2 ORDER BY sent_at`,
        [email, subject],
      );
    const deadline = Date.now() + 15_000;
    while ((await read()).length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 200));
    await new Promise((resolve) => setTimeout(resolve, 1000));
    return read();
  }

  let quiet: Awaited<ReturnType<typeof customerWithPolicy>>;
  let chooser: Awaited<ReturnType<typeof customerWithPolicy>>;

  const one = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  beforeAll(async () => {
    two = await createTestApp({}, { clock, databaseUrl: one.databaseUrl });
    // Bought now, starting tomorrow; the clock moves on from here.
    quiet = await customerWithPolicy('quiet');
    chooser = await customerWithPolicy('chooser');
  }, APP_START_TIMEOUT_MS);

  one.beforeClose(async () => {
    await two.close();
  });

  it("refuses a billing day that is not 1 to 28, and a policy that is not the caller's", async () => {
    for (const day of [0, 29, 15.5, '15', null]) {
      const res = await chooser.client.put(`/api/policies/${chooser.policyId}/billing/day`).send({ day }).expect(400);
      expect(res.body).toMatchObject({ success: false, error: { message: expect.stringContaining('1 to 28') } });
    }
    await chooser.client.put(`/api/policies/${chooser.policyId}/billing/day`).send({}).expect(400);
    await quiet.client.put(`/api/policies/${chooser.policyId}/billing/day`).send({ day: 10 }).expect(404);
  });

  it('shows staff acting for the customer the same billing, and audits what they change', async () => {
    // The customer bought online: an admin acts for them (an agent may not, issue 14).
    const staff = await signIn(one, 'admin@meterly.test');
    await staff.post('/api/agent/on-behalf').send({ email: quiet.email }).expect(200);
    const own = (await quiet.client.get(`/api/policies/${quiet.policyId}/billing`).expect(200)).body.payload;
    expect((await staff.get(`/api/policies/${quiet.policyId}/billing`).expect(200)).body.payload).toEqual(own);
    expect((await staff.get(`/api/policies/${quiet.policyId}/statements`).expect(200)).body.payload).toEqual([]);
    await staff.put(`/api/policies/${quiet.policyId}/billing/budget`).send({ miles: 500 }).expect(200);
    await staff.put(`/api/policies/${quiet.policyId}/billing/day`).send({ day: own.billingDay }).expect(200);
    const audit = await queryRows<{ action: string; actor_email: string }>(
      one,
      `SELECT action, actor_email FROM audit_log WHERE lower(customer_email) = lower($1) AND action LIKE 'billing.%' ORDER BY id`,
      [quiet.email],
    );
    expect(audit).toEqual([
      // What staff read for the customer is recorded too (issue 30, item 7).
      { action: 'billing.read', actor_email: 'admin@meterly.test' },
      { action: 'billing.statements', actor_email: 'admin@meterly.test' },
      { action: 'billing.budget', actor_email: 'admin@meterly.test' },
      { action: 'billing.day', actor_email: 'admin@meterly.test' },
    ]);
    // The customer's own changes are theirs, not staff actions.
    await quiet.client.put(`/api/policies/${quiet.policyId}/billing/budget`).send({ miles: null }).expect(200);
    expect(await queryRows(one, `SELECT id FROM audit_log WHERE lower(customer_email) = lower($1) AND action LIKE 'billing.%'`, [quiet.email])).toHaveLength(4);
  });

  it('reminds a customer whose car sent nothing for a week, once a period; a reading ends it', async () => {
    await moveTo(addDays(quiet.effectiveDate, 7));
    const summary = (await quiet.client.get(`/api/policies/${quiet.policyId}/billing`).expect(200)).body.payload;
    expect(summary.missingMiles).toBe(true);
    // Nothing billed for the quiet days: no estimate, no penalty.
    expect(summary.totalMilesSoFar).toBe(0);
    expect(summary.billSoFarCents).toBe(quiet.baseRateCents);

    await runBothAtOnce();
    await runBothAtOnce();
    const reminders = await mailsTo(quiet.email, 'Send us an odometer reading%');
    expect(reminders).toHaveLength(1);
    expect(reminders[0].text_body).toContain('never bill estimated or penalty miles');

    await quiet.client.post(`/api/policies/${quiet.policyId}/odometer`).send({ vehicleIndex: 0, reading: 31_000 }).expect(201);
    expect((await quiet.client.get(`/api/policies/${quiet.policyId}/billing`).expect(200)).body.payload.missingMiles).toBe(false);
  });

  it('moves statements to the chosen day: the running period keeps its end, the next bridges to the day at a prorated base rate, then whole months; each made and charged once by two instances', async () => {
    const { policyId, effectiveDate, baseRateCents } = chooser;
    const client = () => chooser.client;
    const startDay = Number(effectiveDate.slice(8));
    const day = (startDay % 28) + 5 > 28 ? 3 : (startDay % 28) + 5;
    // Miles in the first period: 300 between two readings.
    await client()
      .post(`/api/policies/${policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 10_000, readAt: `${addDays(effectiveDate, 1)}T18:00:00Z` })
      .expect(201);
    await client()
      .post(`/api/policies/${policyId}/odometer`)
      .send({ vehicleIndex: 0, reading: 10_300, readAt: `${addDays(effectiveDate, 4)}T18:00:00Z` })
      .expect(201);

    const chosen = (await client().put(`/api/policies/${policyId}/billing/day`).send({ day }).expect(200)).body.payload;
    const firstStatementDay = addMonths(effectiveDate, 1);
    expect(chosen).toMatchObject({ billingDay: day, nextStatementDate: firstStatementDay });
    expect((await client().get('/api/policies').expect(200)).body.payload.find((p: { id: string }) => p.id === policyId).billingDay).toBe(day);

    // The day after the first period: both instances run the job at once.
    await moveTo(firstStatementDay);
    await runBothAtOnce();
    const [first, ...none] = await statementsOf(policyId);
    expect(none).toEqual([]);
    expect(first).toMatchObject({ period_index: 0, status: 'paid' });
    const bridge = first.lines.find((l) => l.kind === 'base-rate')!;
    const bridgeEnd = addDays(
      Number(firstStatementDay.slice(8)) < day
        ? `${firstStatementDay.slice(0, 8)}${String(day).padStart(2, '0')}`
        : addMonths(`${firstStatementDay.slice(0, 8)}${String(day).padStart(2, '0')}`, 1),
      -1,
    );
    expect(bridge).toMatchObject({ from: firstStatementDay, to: bridgeEnd, periodDays: expect.any(Number), days: expect.any(Number) });
    expect(bridge.amountCents).toBe(Math.round((baseRateCents * bridge.days!) / bridge.periodDays!));
    expect(bridge.amountCents).toBeLessThan(baseRateCents);
    expect(first.lines.find((l) => l.kind === 'miles')!.miles).toBeCloseTo(300, 0);
    const charges = await queryRows(one, 'SELECT id FROM payment_charges WHERE reference = $1', [first.id]);
    expect(charges).toHaveLength(1);
    const mail = await mailsTo(chooser.email, 'Your Meterly statement%');
    expect(mail).toHaveLength(1);
    expect(mail[0].text_body).toContain('to reach your new billing day');

    const during = (await client().get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    expect(during.period).toEqual({ from: firstStatementDay, to: bridgeEnd });
    expect(Number(during.nextStatementDate.slice(8))).toBe(day);

    // After the bridge: whole months from the chosen day, at the whole base rate.
    await moveTo(addDays(bridgeEnd, 1));
    await runBothAtOnce();
    const second = (await statementsOf(policyId))[1];
    const base = second.lines.find((l) => l.kind === 'base-rate')!;
    expect(base).toEqual({ kind: 'base-rate', from: addDays(bridgeEnd, 1), to: addDays(addMonths(addDays(bridgeEnd, 1), 1), -1), amountCents: baseRateCents });
    expect(Number(base.from.slice(8))).toBe(day);
    expect(await queryRows(one, 'SELECT id FROM payment_charges WHERE reference = $1', [second.id])).toHaveLength(1);
  });

  it('refuses to change the billing day of a cancelled policy (409)', async () => {
    await quiet.client.post(`/api/policies/${quiet.policyId}/cancel`).send({ date: today() }).expect(200);
    const res = await quiet.client.put(`/api/policies/${quiet.policyId}/billing/day`).send({ day: 12 }).expect(409);
    expect(res.body).toMatchObject({ success: false, error: { code: 'POLICY_NOT_ACTIVE' } });
  });
});
