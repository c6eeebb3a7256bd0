import { queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { browserLike, signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('GET|PUT /api/payments/method', () => {
  jest.setTimeout(60_000);

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  async function tokenFor(number: string = TEST_CARDS.approves): Promise<string> {
    const res = await browserLike(sut).post('/api/payments/sandbox/tokens').send(sandboxCard(number)).expect(201);
    return res.body.payload.token;
  }

  it('answers 401 to a visitor who is not signed in', async () => {
    await browserLike(sut).get('/api/payments/method').expect(401);
    await browserLike(sut)
      .put('/api/payments/method')
      .send({ token: await tokenFor() })
      .expect(401);
  });

  it("saves, shows and replaces the customer's card, never showing the gateway's reference", async () => {
    const customer = await signIn(sut, uniqueEmail('card'));
    expect((await customer.get('/api/payments/method').expect(200)).body).toEqual({ success: true, payload: null });

    const first = await tokenFor();
    const saved = await customer.put('/api/payments/method').send({ token: first }).expect(200);
    expect(saved.body.payload).toEqual({
      status: 'saved',
      method: { id: expect.any(String), brand: 'visa', last4: '4242', expMonth: 12, expYear: expect.any(Number), createdAt: expect.any(String) },
    });
    expect(JSON.stringify(saved.body)).not.toContain(first);

    const replaced = await customer
      .put('/api/payments/method')
      .send({ token: await tokenFor('5555 5555 5555 4444') })
      .expect(200);
    expect(replaced.body.payload.method).toMatchObject({ brand: 'mastercard', last4: '4444' });
    expect((await customer.get('/api/payments/method').expect(200)).body.payload).toEqual(replaced.body.payload.method);
  });

  it("refuses a token the sandbox does not know, or another customer's card", async () => {
    const owner = await signIn(sut, uniqueEmail('owner'));
    const token = await tokenFor();
    await owner.put('/api/payments/method').send({ token }).expect(200);
    const other = await signIn(sut, uniqueEmail('other'));
    const res = await other.put('/api/payments/method').send({ token }).expect(400);
    expect(res.body.error.code).toBe('PAYMENT_TOKEN_UNKNOWN');
    await other.put('/api/payments/method').send({ token: 'tok_sandbox_neverissued000000000000' }).expect(400);
  });

  it('refuses card details: only a token is taken', async () => {
    const customer = await signIn(sut, uniqueEmail('raw'));
    const res = await customer
      .put('/api/payments/method')
      .send({ token: await tokenFor(), number: '4242424242424242', cvc: '123' })
      .expect(400);
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['cvc', 'number']);
    const malformed = await customer.put('/api/payments/method').send({ token: '4242424242424242' }).expect(400);
    expect(malformed.body.error.fields).toEqual({ token: 'token must be a payment token.' });
    expect(JSON.stringify(malformed.body)).not.toContain('4242424242424242');
    await expect(queryRows(sut, 'SELECT 1 FROM payment_methods pm JOIN users u ON u.id = pm.user_id WHERE u.email LIKE $1', ['raw-%'])).resolves.toHaveLength(
      0,
    );
  });

  it('saves the card of the customer staff act for, and writes it in the audit log', async () => {
    const admin = await signIn(sut, 'admin@meterly.test');
    const customerEmail = uniqueEmail('served');
    await admin.post('/api/agent/on-behalf').send({ email: customerEmail }).expect(200);
    await admin
      .put('/api/payments/method')
      .send({ token: await tokenFor() })
      .expect(200);
    const [saved] = await queryRows(sut, 'SELECT pm.last4 FROM payment_methods pm JOIN users u ON u.id = pm.user_id WHERE lower(u.email) = lower($1)', [
      customerEmail,
    ]);
    expect(saved.last4).toBe('4242');
    const [audit] = await queryRows(sut, `SELECT * FROM audit_log WHERE action = 'payment-method.replace' AND customer_email = $1`, [customerEmail]);
    expect(audit).toMatchObject({ actor_email: 'admin@meterly.test', target: 'visa 4242' });
  });
});
