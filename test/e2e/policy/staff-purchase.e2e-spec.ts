import { randomUUID } from 'node:crypto';
import { waitForMail } from '../../support/mailbox';
import { queryRows } from '../../support/payment-fixtures';
import { cardToken, readyToPay } from '../../support/purchase-flow';
import { dayFromToday } from '../../support/quote-fixtures';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;

describe('Staff buying for a customer, and the customer confirming it', () => {
  jest.setTimeout(90_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  const staffBody = (quoteId: string, paymentToken: string) => ({ quoteId, paymentToken, startDate: dayFromToday(2) });
  const buy = (client: Client, body: object, key = randomUUID()) => client.post('/api/policies').set('Idempotency-Key', key).send(body);
  const audit = (customerEmail: string) =>
    queryRows<{ action: string; actor_email: string; actor_role: string; target: string | null }>(
      sut,
      `SELECT action, actor_email, actor_role, target FROM audit_log WHERE lower(customer_email) = lower($1) ORDER BY id`,
      [customerEmail],
    );

  // One sign-in each: a second link to the same address within a minute is not sent (issue 3).
  const signedIn = new Map<string, Client>();
  async function staffClient(email: string): Promise<Client> {
    if (!signedIn.has(email)) signedIn.set(email, await signIn(sut, email));
    return signedIn.get(email)!;
  }

  /** An agent (or admin) signed in and acting for a new customer, with that customer's quote ready to pay. */
  async function staffReadyToPay(staffEmail: string) {
    const staff = await staffClient(staffEmail);
    const customerEmail = uniqueEmail('bought-for');
    await staff.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    const quoteId = await readyToPay(staff);
    return { staff, customerEmail, quoteId };
  }

  // Issue 15: a staff sale made before VINs and licenses were asked cannot be bound as it is.
  it('refuses to bind a sale that lacks a VIN or a license, charging nothing', async () => {
    const { staff, customerEmail, quoteId } = await staffReadyToPay('agent@meterly.test');
    const { policy } = (await buy(staff, staffBody(quoteId, await cardToken(staff))).expect(201)).body.payload;
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
    await queryRows(sut, `UPDATE policies SET vehicles = vehicles #- '{0,vin}' WHERE id = $1`, [policy.id]);
    await queryRows(sut, `UPDATE policy_transactions SET terms = terms #- '{vehicles,0,vin}' WHERE policy_id = $1`, [policy.id]);
    const customer = await signIn(sut, customerEmail);
    const refused = await customer
      .post(`/api/policies/${policy.id}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: true, signatureName: 'Ana García' })
      .expect(409);
    expect(refused.body).toMatchObject({ success: false, error: { code: 'UNDERWRITING_INCOMPLETE' } });
    const [row] = await queryRows<{ status: string; charges: string }>(
      sut,
      `SELECT status, (SELECT count(*) FROM payment_charges WHERE reference = $1::text) AS charges FROM policies WHERE id = $1::uuid`,
      [policy.id],
    );
    expect(row).toEqual({ status: 'pending-confirmation', charges: '0' });
  });

  // Issue 26: the audit says what a coverage change changed, as facts the admin screen words.
  it('records a staff coverage change on a quote with its before and after; the coverage saved as it was records none', async () => {
    const { staff, customerEmail, quoteId } = await staffReadyToPay('agent@meterly.test');
    const { coverage } = (await staff.get(`/api/quotes/${quoteId}`).expect(200)).body.payload;
    const collision = coverage.collisionDeductible === 500 ? 1000 : 500;
    await staff
      .put(`/api/quotes/${quoteId}/coverage`)
      .send({ ...coverage, collisionDeductible: collision })
      .expect(200);
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const rows = await queryRows<{ changes: object[] | null }>(
      sut,
      `SELECT changes FROM audit_log WHERE lower(customer_email) = lower($1) AND action = 'quote.coverage.change' ORDER BY id`,
      [customerEmail],
    );
    expect(rows.map((r) => r.changes)).toEqual([null, [{ field: 'collisionDeductible', before: coverage.collisionDeductible, after: collision }]]);
  });

  it('an agent buys: the card is kept, nothing charged, the policy waits for the customer, who signs and pays', async () => {
    const { staff, customerEmail, quoteId } = await staffReadyToPay('agent@meterly.test');
    const res = await buy(staff, staffBody(quoteId, await cardToken(staff))).expect(201);
    const { status, policy } = res.body.payload;
    expect(status).toBe('pending-confirmation');
    expect(policy).toMatchObject({ status: 'pending-confirmation', soldBy: { producerId: 'MTR-1001', name: 'Dana Reyes' }, paymentMethod: { last4: '4242' } });
    expect(policy.boundAt).toBeUndefined();
    // Recorded with the producer and the staff member; nothing charged yet.
    const [row] = await queryRows<{ producer_id: string; staff_email: string; signature_name: string | null }>(
      sut,
      `SELECT producer_id, (SELECT email FROM users WHERE id = staff_user_id) AS staff_email, signature_name FROM policies WHERE id = $1`,
      [policy.id],
    );
    expect(row).toEqual({ producer_id: 'MTR-1001', staff_email: 'agent@meterly.test', signature_name: null });
    expect(await queryRows(sut, 'SELECT id FROM payment_charges WHERE reference IN ($1, $2)', [quoteId, policy.id])).toEqual([]);

    // Staff can read it and its declarations, but there is no ID card until it is bound.
    await staff.get(`/api/policies/${policy.id}/documents/declarations.pdf`).expect(200);
    expect((await staff.get(`/api/policies/${policy.id}/documents/id-card.pdf`).expect(409)).body.error.code).toBe('POLICY_NOT_BOUND');
    // Only the customer signs.
    const bySTaff = await staff
      .post(`/api/policies/${policy.id}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: true, signatureName: 'Dana Reyes' })
      .expect(403);
    expect(bySTaff.body.error.code).toBe('CONFIRMATION_BY_CUSTOMER');

    // Every step on record, with both identities.
    const actions = (await audit(customerEmail)).map((a) => a.action);
    expect(actions).toEqual(
      expect.arrayContaining([
        'on-behalf.start',
        'quote.application.address',
        'quote.package.standard',
        'quote.coverage.confirm',
        'policy.purchase-for-customer',
        'policy.document.declarations',
      ]),
    );
    expect((await audit(customerEmail)).find((a) => a.action === 'policy.purchase-for-customer')).toMatchObject({
      actor_email: 'agent@meterly.test',
      actor_role: 'agent',
      target: policy.number,
    });

    // The agent sees it waiting; the other agent does not see it at all.
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const sold = (await staff.get('/api/agent/policies').expect(200)).body.payload;
    expect(sold.find((p: { id: string }) => p.id === policy.id)).toMatchObject({ status: 'pending-confirmation', customerEmail, seller: 'Dana Reyes' });
    const other = await staffClient('agent2@meterly.test');
    expect((await other.get('/api/agent/policies').expect(200)).body.payload.find((p: { id: string }) => p.id === policy.id)).toBeUndefined();
    await other.get(`/api/policies/${policy.id}/documents/declarations.pdf`).expect(404);

    // The customer's e-mail leads to the review; they sign, and the first month is charged.
    const mail = await waitForMail(sut.databaseUrl, customerEmail, { seen: 0 });
    expect(mail.subject).toContain(policy.number);
    expect(mail.text).toContain(`/profile?confirm=${policy.id}`);
    expect(mail.text).toContain('Dana Reyes');
    const customer = await signIn(sut, customerEmail);
    const unsigned = await customer
      .post(`/api/policies/${policy.id}/confirm`)
      .set('Idempotency-Key', randomUUID())
      .send({ agreeToTerms: false, signatureName: 'Ana García' })
      .expect(400);
    expect(unsigned.body.error.code).toBe('SIGNATURE_REQUIRED');
    await customer.post(`/api/policies/${policy.id}/confirm`).send({ agreeToTerms: true, signatureName: 'Ana García' }).expect(400);
    const key = randomUUID();
    const confirmed = (
      await customer
        .post(`/api/policies/${policy.id}/confirm`)
        .set('Idempotency-Key', key)
        .send({ agreeToTerms: true, signatureName: 'Ana García' })
        .expect(200)
    ).body.payload;
    expect(confirmed).toMatchObject({ id: policy.id, status: 'active', boundAt: expect.any(String) });
    // A retry answers the same; another confirmation is refused; one charge in all.
    await customer.post(`/api/policies/${policy.id}/confirm`).set('Idempotency-Key', key).send({ agreeToTerms: true, signatureName: 'Ana García' }).expect(200);
    expect(
      (
        await customer
          .post(`/api/policies/${policy.id}/confirm`)
          .set('Idempotency-Key', randomUUID())
          .send({ agreeToTerms: true, signatureName: 'Ana García' })
          .expect(409)
      ).body.error.code,
    ).toBe('POLICY_NOT_PENDING');
    const charges = await queryRows<{ amount_cents: number; status: string; used_for: string }>(
      sut,
      'SELECT amount_cents, status, used_for FROM payment_charges WHERE reference = $1',
      [policy.id],
    );
    expect(charges).toEqual([{ amount_cents: policy.baseRateCents, status: 'succeeded', used_for: `policy:${policy.id}` }]);
    await customer.get(`/api/policies/${policy.id}/documents/id-card.pdf`).expect(200);
    const welcome = await waitForMail(sut.databaseUrl, customerEmail, { seen: 2 });
    expect(welcome.text).toMatch(/ID card is attached/);

    expect((await staff.get('/api/agent/policies').expect(200)).body.payload.find((p: { id: string }) => p.id === policy.id).status).toBe('active');
  });

  it('an admin buys for a customer too; the policy names no producer but the staff member', async () => {
    const { staff, quoteId } = await staffReadyToPay('admin@meterly.test');
    const { policy } = (await buy(staff, staffBody(quoteId, await cardToken(staff))).expect(201)).body.payload;
    expect(policy.soldBy).toBeUndefined();
    const [row] = await queryRows<{ producer_id: string | null; staff_email: string }>(
      sut,
      `SELECT producer_id, (SELECT email FROM users WHERE id = staff_user_id) AS staff_email FROM policies WHERE id = $1`,
      [policy.id],
    );
    expect(row).toEqual({ producer_id: null, staff_email: 'admin@meterly.test' });
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
    // An admin's list is every staff sale, each naming its seller (the staff member's name; an agent's from the directory).
    const sold = (await staff.get('/api/agent/policies').expect(200)).body.payload;
    expect(sold.find((p: { id: string }) => p.id === policy.id)).toMatchObject({ seller: 'Alex Morgan' });
  });

  it('refuses a declined card when staff buy, and keeps the quote open', async () => {
    const { staff, quoteId } = await staffReadyToPay('agent@meterly.test');
    const res = await buy(staff, staffBody(quoteId, await cardToken(staff, '4000 0000 0000 0002'))).expect(402);
    expect(res.body.error).toMatchObject({ code: 'PAYMENT_DECLINED', extra: { reason: 'card_declined' } });
    expect((await staff.get(`/api/quotes/${quoteId}`).expect(200)).body.payload.status).toBe('open');
    await staff.post('/api/agent/on-behalf/stop').send({}).expect(200);
  });

  it('lists sales for staff only', async () => {
    const customer = await signIn(sut, uniqueEmail('curious'));
    await customer.get('/api/agent/policies').expect(403);
  });
});
