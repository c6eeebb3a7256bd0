import { randomUUID } from 'node:crypto';
import request from 'supertest';
import { BillingService } from '../../../src/modules/billing/billing.service';
import { PaymentGateway } from '../../../src/modules/payments/payment-gateway';
import { PaymentsService } from '../../../src/modules/payments/payments.service';
import { SandboxGateway } from '../../../src/modules/payments/sandbox/sandbox-gateway';
import { addDays } from '../../../src/shared/dates/iso-day';
import { stateDay } from '../../../src/shared/dates/state-day';
import { FINAL_MILES_DAYS } from '../../../src/shared/policy/policy-model';
import { backdatePolicy } from '../../support/backdate-policy';
import { queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { expectTaggedCatalog } from '../../support/pdf-structure';
import { pdfText } from '../../support/pdf-text';
import { buyQuote, cardToken, purchaseBody, readyToPay } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { PaymentHistoryEntry } from '../../../src/shared/payment/payment-history-model';

type Client = Awaited<ReturnType<typeof signIn>>;

/** Issue 16: every charge, refund and failed attempt on the profile, each paid one with a receipt only its owner (and staff within reach) can read. */
describe('GET /api/payment-history (issue 16)', () => {
  jest.setTimeout(180_000);
  const clock = new TestClock();
  const today = () => clock.now().toISOString().slice(0, 10);
  let owner: Client;
  let ownerEmail: string;
  let ownerId: string;
  let policyNumber: string;
  let history: PaymentHistoryEntry[];
  let admin: Client;

  const binary = (res: request.Response, done: (error: Error | null, body: Buffer) => void) => {
    const chunks: Buffer[] = [];
    res.on('data', (chunk: Buffer) => chunks.push(chunk));
    res.on('end', () => done(null, Buffer.concat(chunks)));
  };
  const receipt = (client: Client | request.Agent, id: string, locale?: string) =>
    client
      .get(`/api/payment-history/${id}/receipt.pdf${locale ? `?locale=${locale}` : ''}`)
      .buffer(true)
      .parse(binary);
  const all = async (client: Client) => (await client.get('/api/payment-history?limit=50').expect(200)).body.payload.entries as PaymentHistoryEntry[];

  const sut = useTestApp({ env: { SEED_DEMO: 'true' }, clock });

  beforeAll(async () => {
    ownerEmail = uniqueEmail('history');
    owner = await signIn(sut, ownerEmail);
    [{ id: ownerId }] = await queryRows<{ id: string }>(sut, 'SELECT id FROM users WHERE lower(email) = lower($1)', [ownerEmail]);
    const quoteId = await readyToPay(owner);

    // A declined card first: a failed attempt, nothing taken.
    const declined = await owner
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      .send(purchaseBody(quoteId, await cardToken(owner, TEST_CARDS.declined)));
    expect(declined.status).toBe(402);

    // Then the purchase, as if it had been 40 days ago, and a month's statement charged.
    const bought = await buyQuote(owner, quoteId);
    const policyId = bought.body.payload.policy.id as string;
    policyNumber = bought.body.payload.policy.number;
    await backdatePolicy(sut, policyId, addDays(today(), -40), { termDays: 180 });
    await sut.app.get(BillingService).run({});

    // A payment that paid for nothing, given back whole (as the purchase does after a price change).
    const payments = sut.app.get(PaymentsService);
    const gateway = sut.app.get<PaymentGateway, SandboxGateway>(PaymentGateway);
    const stray = await payments.chargeCard({
      idempotencyKey: `test:${randomUUID()}`,
      userId: ownerId,
      amountCents: 5_000,
      description: 'Meterly policy, first month',
      purpose: 'policy-purchase',
      reference: quoteId,
      token: (await gateway.tokenize(sandboxCard(TEST_CARDS.approves))).id,
    });
    expect(await payments.refundUnused(stray.charge.id, 'test')).toBe(true);

    // Cancelled yesterday: the final statement gives back the unused base rate it paid ahead.
    // The API takes today in the policy's state at the earliest, so the day is moved back after.
    const arizonaToday = stateDay(clock.now(), 'AZ');
    await owner.post(`/api/policies/${policyId}/cancel`).send({ date: arizonaToday }).expect(200);
    await queryRows(sut, `UPDATE policies SET cancellation_date = $2 WHERE id = $1`, [policyId, addDays(arizonaToday, -1)]);
    clock.advance((FINAL_MILES_DAYS + 2) * 86_400_000);
    await sut.app.get(BillingService).run({});
    owner = await signIn(sut, ownerEmail);
    history = await all(owner);
    admin = await signIn(sut, 'admin@meterly.test');
  });

  it('lists every charge, refund and failed attempt, newest first, with its card (brand and last four only) and what it paid', async () => {
    const at = history.map((entry) => entry.at);
    expect([...at].sort().reverse()).toEqual(at);
    const first = history.filter((e) => e.kind === 'charge' && e.paidFor === 'first-payment' && e.policyNumber === policyNumber);
    expect(first).toEqual([
      expect.objectContaining({ status: 'succeeded', card: { brand: 'visa', last4: '4242' }, receipt: true, failure: null, amountCents: expect.any(Number) }),
    ]);
    expect(history).toContainEqual(
      expect.objectContaining({
        kind: 'charge',
        status: 'failed',
        failure: 'card_declined',
        paidFor: 'first-payment',
        receipt: false,
        card: { brand: 'visa', last4: '0002' },
      }),
    );
    const statement = history.find((e) => e.kind === 'charge' && e.paidFor === 'statement');
    expect(statement).toMatchObject({ status: 'succeeded', policyNumber, period: { from: expect.any(String), to: expect.any(String) }, receipt: true });
    // The stray payment: charged, then given back whole (two lines of the same charge).
    const stray = history.filter((e) => e.amountCents === 5_000);
    expect(stray.map((e) => e.kind).sort()).toEqual(['charge', 'refund']);
    expect(stray.find((e) => e.kind === 'refund')).toMatchObject({ status: 'succeeded', receipt: true, paidFor: 'first-payment', policyNumber: null });
    // The cancellation's credit, paid back to the card that paid the base rate.
    expect(history).toContainEqual(
      expect.objectContaining({
        id: expect.stringMatching(/^credit-/),
        kind: 'refund',
        paidFor: 'statement',
        policyNumber,
        card: { brand: 'visa', last4: '4242' },
      }),
    );
    // Nothing of a card but its brand and last four.
    expect(JSON.stringify(history)).not.toMatch(/4242 ?4242|exp|fingerprint|pm_|tok_/i);
  });

  it('pages through the same entries with a cursor, never repeating or skipping one', async () => {
    const seen: string[] = [];
    let cursor: string | null = null;
    do {
      const query: string = cursor ? `?limit=2&cursor=${cursor}` : '?limit=2';
      const page = (await owner.get(`/api/payment-history${query}`).expect(200)).body.payload as { entries: PaymentHistoryEntry[]; next: string | null };
      expect(page.entries.length).toBeLessThanOrEqual(2);
      seen.push(...page.entries.map((e) => e.id));
      cursor = page.next;
    } while (cursor);
    expect(seen).toEqual(history.map((e) => e.id));
  });

  it('refuses a cursor it did not make and a page size out of range with a clear 400', async () => {
    const bad = await owner.get('/api/payment-history?cursor=not-ours').expect(400);
    expect(bad.body).toMatchObject({ success: false, error: { code: 'HISTORY_CURSOR_INVALID', message: expect.any(String) } });
    const big = await owner.get('/api/payment-history?limit=500').expect(400);
    expect(big.body).toMatchObject({ success: false, error: { code: 'INVALID_INPUT' } });
    await request(sut.url).get('/api/payment-history').expect(401);
  });

  it('answers a receipt as a PDF in English or Spanish, with the amount, the card and what it paid', async () => {
    const first = history.find((e) => e.kind === 'charge' && e.paidFor === 'first-payment' && e.policyNumber === policyNumber)!;
    const english = await receipt(owner, first.id, 'en-US').expect(200);
    expect(english.headers['content-type']).toBe('application/pdf');
    expect(english.headers['content-disposition']).toMatch(/^attachment; filename="meterly-receipt-P-[0-9A-F]{8}\.pdf"$/);
    const text = await pdfText(english.body as Buffer);
    expect(text).toContain('Payment receipt');
    expect(text).toContain('Visa ending in 4242');
    expect(text).toContain(policyNumber);
    expect(text).toContain(`$${(first.amountCents / 100).toFixed(2)}`);
    expect(text).toContain("First month's base rate");
    // Tagged for a screen reader, in the language asked for (issue 29).
    expectTaggedCatalog(english.body as Buffer, 'en-US');

    const spanish = await receipt(owner, first.id, 'es').expect(200);
    expect(spanish.headers['content-type']).toBe('application/pdf');
    expectTaggedCatalog(spanish.body as Buffer, 'es');
    const texto = await pdfText(spanish.body as Buffer);
    expect(texto).toContain('Recibo de pago');
    expect(texto).toContain('Visa terminada en 4242');
    expect(texto).toContain('Tarifa base del primer mes');
  });

  it("writes a refund's receipt, and a credit's, as refunds", async () => {
    const credit = history.find((e) => e.id.startsWith('credit-'))!;
    const text = await pdfText((await receipt(owner, credit.id, 'en-US').expect(200)).body as Buffer);
    expect(text).toContain('Refund receipt');
    expect(text).toContain('Credit on the final statement');
    expect(text).toContain('Refunded by Meterly Insurance Services, LLC');
    const whole = history.find((e) => e.id.startsWith('refund-'))!;
    const texto = await pdfText((await receipt(owner, whole.id, 'es').expect(200)).body as Buffer);
    expect(texto).toContain('Recibo de reembolso');
    expect(texto).toContain('$50.00');
  });

  it('has no receipt for a failed attempt, nor for an id that is not one', async () => {
    const failed = history.find((e) => e.status === 'failed')!;
    expect((await receipt(owner, failed.id).expect(404)).body.toString()).toContain('RECEIPT_NOT_FOUND');
    await receipt(owner, `charge-${randomUUID()}`).expect(404);
    await receipt(owner, 'charge-1').expect(404);
    await receipt(owner, '..%2F..%2Fetc').expect(404);
  });

  it("keeps one customer's history and receipts from another (404, never a leak)", async () => {
    const other = await signIn(sut, uniqueEmail('other'));
    expect((await other.get('/api/payment-history').expect(200)).body.payload).toEqual({ entries: [], next: null });
    for (const entry of history.filter((e) => e.receipt)) {
      const refused = await receipt(other, entry.id).expect(404);
      expect(JSON.parse((refused.body as Buffer).toString())).toMatchObject({ success: false, error: { code: 'RECEIPT_NOT_FOUND' } });
    }
  });

  it('lets an admin and the agent who sold the policy read a receipt (audited), and no other agent', async () => {
    const entry = history.find((e) => e.receipt && e.kind === 'charge')!;
    const agent = await signIn(sut, 'agent@meterly.test');
    await receipt(agent, entry.id).expect(404);
    await queryRows(sut, `UPDATE policies SET producer_id = 'MTR-1001' WHERE number = $1`, [policyNumber]);
    await receipt(agent, entry.id).expect(200);
    await receipt(await signIn(sut, 'agent2@meterly.test'), entry.id).expect(404);
    await receipt(admin, entry.id).expect(200);
    const audited = await queryRows<{ actor_email: string }>(
      sut,
      `SELECT actor_email FROM audit_log WHERE action = 'payments.receipt' AND target = $1 AND lower(customer_email) = lower($2) ORDER BY id`,
      [entry.id, ownerEmail],
    );
    expect(audited.map((row) => row.actor_email)).toEqual(['agent@meterly.test', 'admin@meterly.test']);
  });

  it("shows staff acting for a customer that customer's history and receipts only", async () => {
    const stranger = await signIn(sut, uniqueEmail('stranger'));
    const theirs = await readyToPay(stranger);
    await stranger
      .post('/api/policies')
      .set('Idempotency-Key', randomUUID())
      // The app's clock is days ahead by now: the start date is of its today.
      .send(purchaseBody(theirs, await cardToken(stranger), { startDate: addDays(today(), 1) }))
      .expect(201);
    const [strangerEntry] = (await stranger.get('/api/payment-history').expect(200)).body.payload.entries as PaymentHistoryEntry[];

    await admin.post('/api/agent/on-behalf').send({ email: ownerEmail }).expect(200);
    try {
      expect((await admin.get('/api/payment-history?limit=50').expect(200)).body.payload.entries).toEqual(history);
      const entry = history.find((e) => e.receipt)!;
      await receipt(admin, entry.id).expect(200);
      // Acting for one customer, an admin reads no other customer's receipt.
      await receipt(admin, strangerEntry.id).expect(404);
    } finally {
      await admin.post('/api/agent/on-behalf/stop').send({});
    }
  });
});
