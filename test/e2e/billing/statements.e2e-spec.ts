import request from 'supertest';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { backdatePolicy } from '../../support/backdate-policy';
import { mailCount, waitForMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { pdfText } from '../../support/pdf-text';
import { sendReadings } from '../../support/policy-customer';
import { buyQuote, cardToken, readyToPay } from '../../support/purchase-flow';
import { runCli } from '../../support/run-cli';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TEST_SESSION_SECRET } from '../../support/test-app';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

describe('Monthly statements', () => {
  jest.setTimeout(120_000);
  const billing = () => sut.app.get(BillingService);

  const sut = useTestApp();

  /** A customer with a policy that started 40 days ago and odometer readings 600 miles apart in its first period. */
  async function driverWithMiles(
    email = uniqueEmail('billed'),
  ): Promise<{ client: Client; policyId: string; email: string; baseRateCents: number; perMileRateMills: number }> {
    const client = await signIn(sut, email);
    const quoteId = await readyToPay(client);
    const { policy } = (await buyQuote(client, quoteId)).body.payload;
    await backdatePolicy(sut, policy.id, 40, { termDays: 180 });
    const day = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString();
    await sendReadings(client, policy.id, [20_000, day(39)], [20_600, day(19)]);
    // Parked since: a reading today says so (and keeps the reminder to send miles away).
    await client.post(`/api/policies/${policy.id}/odometer`).send({ vehicleIndex: 0, reading: 20_600 }).expect(201);
    return { client, policyId: policy.id, email, baseRateCents: policy.baseRateCents, perMileRateMills: policy.vehicles[0].perMileRateMills };
  }

  /** The customer saves a card on the profile (the sandbox's good card unless told). */
  const saveCard = async (client: Client, number?: string) =>
    client
      .put('/api/payments/method')
      .send({ token: await cardToken(client, number) })
      .expect(200);

  /** After a failed charge: the customer saves a good card, the retry falls due, and billing runs. */
  async function retryWithNewCard(client: Client, policyId: string): Promise<void> {
    await saveCard(client);
    await queryRows(sut, `UPDATE statements SET next_attempt_at = now() - interval '1 minute' WHERE policy_id = $1`, [policyId]);
    await billing().run({});
  }

  const statementsOf = (policyId: string) =>
    queryRows<{ period_index: number; status: string; total_cents: number; attempts: number; charge_id: string | null }>(
      sut,
      'SELECT period_index, status, total_cents, attempts, charge_id FROM statements WHERE policy_id = $1 ORDER BY period_index',
      [policyId],
    );

  it('closes the ended period once, bills its miles and the next base rate line by line, charges the card and e-mails it', async () => {
    const { client, policyId, email, baseRateCents, perMileRateMills } = await driverWithMiles();
    const seen = await mailCount(sut.databaseUrl, email);
    // Two instances at once: one statement, one charge.
    await Promise.all([billing().run({}), billing().run({})]);
    const [statement, ...more] = await statementsOf(policyId);
    expect(more).toEqual([]);
    expect(statement).toMatchObject({ period_index: 0, status: 'paid', attempts: 1 });

    const listed = (await client.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    expect(listed).toHaveLength(1);
    const { lines, totalCents } = listed[0];
    expect(lines.map((l: { kind: string }) => l.kind)).toEqual(['miles', 'base-rate']);
    expect(lines[0].miles).toBeCloseTo(600, 0);
    expect(lines[0].amountCents).toBe(Math.round((lines[0].miles * perMileRateMills) / 10));
    expect(lines[1].amountCents).toBe(baseRateCents);
    expect(totalCents).toBe(lines[0].amountCents + lines[1].amountCents);
    const charges = await queryRows<{ amount_cents: number; status: string }>(sut, 'SELECT amount_cents, status FROM payment_charges WHERE reference = $1', [
      listed[0].id,
    ]);
    expect(charges).toEqual([{ amount_cents: totalCents, status: 'succeeded' }]);

    const mail = await waitForMail(sut.databaseUrl, email, { seen });
    expect(mail.subject).toMatch(/statement/i);
    expect(mail.text).toContain('Base rate');
    // Run again: nothing new, nothing charged twice.
    await billing().run({});
    expect(await statementsOf(policyId)).toHaveLength(1);
    expect(await queryRows(sut, 'SELECT id FROM payment_charges WHERE reference = $1', [listed[0].id])).toHaveLength(1);
    const stranger = await signIn(sut, uniqueEmail('nosy'));
    await stranger.get(`/api/policies/${policyId}/statements`).expect(404);
    await stranger.get(`/api/policies/${policyId}/statements/${listed[0].id}/statement.pdf`).expect(404);

    // The same statement as a PDF and as CSV, every line with its amount.
    const pdf = await client.get(`/api/policies/${policyId}/statements/${listed[0].id}/statement.pdf`).buffer(true).expect(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    const text = await pdfText(pdf.body);
    expect(text).toContain('Monthly statement');
    expect(text).toContain('Honda Civic');
    const csv = await client.get(`/api/policies/${policyId}/statements/${listed[0].id}/statement.csv?locale=es`).expect(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    const rows = csv.text.trim().split('\r\n');
    expect(rows[0]).toBe('tipo,vehículo,desde,hasta,millas facturables,tarifa por milla (centavos),importe (USD)');
    expect(rows).toHaveLength(4);
    expect(rows[3]).toBe(`Total,,,,,,${(totalCents / 100).toFixed(2)}`);
    await client.get(`/api/policies/${policyId}/statements/${listed[0].id}/statement.xls`).expect(404);
  });

  it('retries a declined statement on a schedule, e-mails the customer, and charges the new card', async () => {
    const { client, policyId, email } = await driverWithMiles();
    await saveCard(client, '4000 0000 0000 9995');
    const seen = await mailCount(sut.databaseUrl, email);
    await billing().run({});
    const [failed] = await queryRows<{ status: string; attempts: number; decline_reason: string; retry_in_hours: number }>(
      sut,
      `SELECT status, attempts, decline_reason, round(extract(epoch FROM next_attempt_at - now()) / 3600) AS retry_in_hours FROM statements WHERE policy_id = $1`,
      [policyId],
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, decline_reason: 'insufficient_funds' });
    expect(Number(failed.retry_in_hours)).toBeGreaterThanOrEqual(23);
    expect((await waitForMail(sut.databaseUrl, email, { seen })).subject).toMatch(/could not charge/i);
    // Not due yet: nothing happens.
    await billing().run({});
    expect((await statementsOf(policyId))[0]).toMatchObject({ status: 'failed', attempts: 1 });

    await retryWithNewCard(client, policyId);
    expect((await statementsOf(policyId))[0]).toMatchObject({ status: 'paid', attempts: 2 });
  });

  // Issue 18: an error the gateway says is final used to leave the statement "charging", asked
  // again under the same key forever, never marked failed and never told to the customer.
  it('marks a statement whose charge fails for good as failed, schedules a retry with a new key, and e-mails the customer', async () => {
    const { client, policyId, email } = await driverWithMiles();
    await saveCard(client, '4000 0000 0000 0119');
    const seen = await mailCount(sut.databaseUrl, email);
    await billing().run({});
    const [failed] = await queryRows<{ id: string; status: string; attempts: number; decline_reason: string; next_attempt_at: Date | null }>(
      sut,
      'SELECT id, status, attempts, decline_reason, next_attempt_at FROM statements WHERE policy_id = $1',
      [policyId],
    );
    expect(failed).toMatchObject({ status: 'failed', attempts: 1, decline_reason: 'processing_error' });
    expect(failed.next_attempt_at).not.toBeNull();
    expect((await waitForMail(sut.databaseUrl, email, { seen })).subject).toMatch(/could not charge/i);
    // Not due: the next run leaves it alone rather than asking the gateway again.
    await billing().run({});
    const charges = await queryRows<{ idempotency_key: string }>(sut, 'SELECT idempotency_key FROM payment_charges WHERE reference = $1', [failed.id]);
    expect(charges.map((c) => c.idempotency_key)).toEqual([`statement:${failed.id}:1`]);

    await retryWithNewCard(client, policyId);
    expect((await statementsOf(policyId))[0]).toMatchObject({ status: 'paid', attempts: 2 });
  });

  it('bills a cancelled policy its miles to the last day and gives back the unused base rate, refunded to the card', async () => {
    const { client, policyId, email } = await driverWithMiles();
    const cancelOn = new Date(Date.now() - 5 * 86_400_000).toISOString().slice(0, 10);
    await client
      .post(`/api/policies/${policyId}/cancel`)
      .send({ date: new Date().toISOString().slice(0, 10) })
      .expect(200);
    // As if cancelled 5 days ago, within its second period.
    await queryRows(sut, `UPDATE policies SET cancellation_date = $2 WHERE id = $1`, [policyId, cancelOn]);
    const seen = (await mailCount(sut.databaseUrl, email)) + 1;
    await billing().run({});
    const listed = (await client.get(`/api/policies/${policyId}/statements`).expect(200)).body.payload;
    expect(listed.map((s: { to: string }) => s.to)).toEqual([cancelOn, expect.any(String)]);
    expect(listed[0].lines.map((l: { kind: string }) => l.kind)).toEqual(['miles', 'base-rate-credit']);
    expect(listed[0].lines[1].amountCents).toBeLessThan(0);

    // Parked since: the credit is more than the miles, and goes back to the card that paid that base rate, once.
    expect(listed[0]).toMatchObject({ totalCents: expect.any(Number), status: 'refunded', refundedAt: expect.any(String) });
    expect(listed[0].totalCents).toBeLessThan(0);
    await billing().run({});
    const paidAhead = await queryRows<{ charge_id: string }>(sut, 'SELECT charge_id FROM statements WHERE policy_id = $1 AND period_index = 0', [policyId]);
    const refunds = await queryRows<{ amount_cents: number; charge_id: string }>(
      sut,
      'SELECT r.amount_cents, r.charge_id FROM sandbox_refunds r JOIN payment_charges c ON c.provider_charge_ref = r.charge_id WHERE c.id = $1',
      [paidAhead[0].charge_id],
    );
    expect(refunds).toEqual([{ amount_cents: -listed[0].totalCents, charge_id: expect.any(String) }]);
    const mail = await waitForMail(sut.databaseUrl, email, { seen });
    expect(mail.text).toContain('We have paid it back to your card ending in 4242');
  });

  it('after a cancellation, takes late trips and a final reading for the covered days for three days, then makes the final statement', async () => {
    const { client, policyId } = await driverWithMiles();
    const dayAgo = (n: number) => new Date(Date.now() - n * 86_400_000).toISOString().slice(0, 10);
    await client
      .post(`/api/policies/${policyId}/cancel`)
      .send({ date: new Date().toISOString().slice(0, 10) })
      .expect(200);
    await queryRows(sut, `UPDATE policies SET cancellation_date = $2 WHERE id = $1`, [policyId, dayAgo(2)]);
    const token: string = (await client.post('/api/mobile/devices').send({ name: 'phone', platform: 'ios' }).expect(201)).body.payload.token;
    const trip = (id: string, hoursAgo: number) => ({
      clientTripId: id,
      vehicle: `${policyId}:0`,
      startedAt: new Date(Date.now() - hoursAgo * 3_600_000).toISOString(),
      endedAt: new Date(Date.now() - (hoursAgo - 1) * 3_600_000).toISOString(),
      miles: 20,
    });
    const sent = (
      await request(sut.url)
        .post('/api/mobile/trips')
        .set('Authorization', `Bearer ${token}`)
        .send({ trips: [trip('covered', 72), trip('after', 2)] })
        .expect(200)
    ).body.payload;
    expect(sent.accepted).toEqual(['covered']);
    expect(sent.rejected).toEqual([expect.objectContaining({ clientTripId: 'after', reason: 'AFTER_COVERAGE' })]);
    await client.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 20_700 }).expect(201);

    await billing().run({});
    expect((await statementsOf(policyId)).map((s) => s.period_index)).toEqual([0]);

    // Three days on, the car takes nothing more and the final period is closed.
    await queryRows(sut, `UPDATE policies SET cancellation_date = $2 WHERE id = $1`, [policyId, dayAgo(5)]);
    await client.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 20_800 }).expect(404);
    await billing().run({});
    expect((await statementsOf(policyId)).map((s) => s.period_index)).toEqual([0, 1]);
  });

  it('shows this period so far with a forecast, keeps a mileage budget, and warns once near it', async () => {
    const { client, policyId, email, baseRateCents } = await driverWithMiles();
    // Period 1 has begun: a reading today, 300 miles after the last one, puts miles in it.
    await client.post(`/api/policies/${policyId}/odometer`).send({ vehicleIndex: 0, reading: 20_900 }).expect(201);
    const summary = (await client.get(`/api/policies/${policyId}/billing`).expect(200)).body.payload;
    expect(summary.daysElapsed).toBeGreaterThan(1);
    expect(summary.totalMilesSoFar).toBeGreaterThan(0);
    expect(summary.billSoFarCents).toBeGreaterThan(baseRateCents);
    expect(summary.forecastMiles).toBeGreaterThanOrEqual(Math.floor(summary.totalMilesSoFar));
    expect(summary.budget).toBeNull();

    await client.put(`/api/policies/${policyId}/billing/budget`).send({ miles: 0 }).expect(400);
    await client.put(`/api/policies/${policyId}/billing/budget`).send({}).expect(400);
    const budgeted = (
      await client
        .put(`/api/policies/${policyId}/billing/budget`)
        .send({ miles: Math.max(1, Math.floor(summary.totalMilesSoFar)) })
        .expect(200)
    ).body.payload;
    expect(budgeted.budget.share).toBeGreaterThanOrEqual(1);
    const seen = await mailCount(sut.databaseUrl, email);
    await billing().run({});
    const warned = await waitForMail(sut.databaseUrl, email, { seen: seen });
    const after = await mailCount(sut.databaseUrl, email);
    expect(await queryRows(sut, 'SELECT budget_alerted_period FROM policies WHERE id = $1', [policyId])).toEqual([{ budget_alerted_period: 1 }]);
    expect(warned.subject).toBeDefined();
    const budgetMails = await queryRows(sut, `SELECT subject FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject LIKE 'You have driven%'`, [
      email,
    ]);
    expect(budgetMails).toHaveLength(1);
    // Once a period.
    await billing().run({});
    await new Promise((resolve) => setTimeout(resolve, 1500));
    expect(
      await queryRows(sut, `SELECT subject FROM local_mailbox WHERE lower(to_address) = lower($1) AND subject LIKE 'You have driven%'`, [email]),
    ).toHaveLength(1);
    expect(after).toBeGreaterThan(seen);
    const removed = (await client.put(`/api/policies/${policyId}/billing/budget`).send({ miles: null }).expect(200)).body.payload;
    expect(removed.budget).toBeNull();
  });

  it('npm run billing: a dry run says what it would bill and writes nothing; bad usage is refused', async () => {
    const { policyId } = await driverWithMiles();
    const env = { APP_ENV: 'TEST', SESSION_SECRETS: TEST_SESSION_SECRET };
    const month = (
      await queryRows<{ month: string }>(
        sut,
        `SELECT to_char(effective_date + interval '1 month' - interval '1 day', 'YYYY-MM') AS month FROM policies WHERE id = $1`,
        [policyId],
      )
    )[0].month;
    const dry = await runCli('billing', sut.databaseUrl, ['run', '--month', month, '--dry-run'], env);
    expect(dry.code).toBe(0);
    expect(dry.out).toMatch(/Dry run: \d+ statements? would be made/);
    expect(await statementsOf(policyId)).toEqual([]);
    const bad = await runCli('billing', sut.databaseUrl, ['run', '--month', '2026-13'], env);
    expect(bad.code).toBe(1);
    expect(bad.out).toContain('Usage:');
    const real = await runCli('billing', sut.databaseUrl, ['run', '--month', month], env);
    expect(real).toMatchObject({ code: 0, out: expect.stringMatching(/1 statement made; 1 charged/) });
    expect((await statementsOf(policyId)).map((s) => s.status)).toEqual(['paid']);
  });
});
