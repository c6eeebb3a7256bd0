import request from 'supertest';
import { queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { browserLike } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

describe('POST /api/payments/sandbox/tokens', () => {
  const sut = useTestApp();

  const post = (body: unknown) =>
    browserLike(sut)
      .post('/api/payments/sandbox/tokens')
      .send(body as object);
  const tokenCount = async () => (await queryRows<{ n: number }>(sut, 'SELECT count(*)::int AS n FROM sandbox_card_tokens'))[0].n;

  it('answers an opaque token with the brand, last four and expiry of a good card', async () => {
    const card = sandboxCard(TEST_CARDS.approves);
    const res = await post(card).expect(201);
    expect(res.body).toEqual({
      success: true,
      payload: { token: expect.stringMatching(/^tok_sandbox_[A-Za-z0-9_-]{24}$/), brand: 'visa', last4: '4242', expMonth: 12, expYear: card.expYear },
    });
    const [row] = await queryRows(sut, 'SELECT * FROM sandbox_card_tokens WHERE id = $1', [res.body.payload.token]);
    expect(row).toMatchObject({ brand: 'visa', last4: '4242', outcome: 'approve', customer_ref: null });
    expect(JSON.stringify(row)).not.toContain('4242424242424242');
  });

  it.each([
    [TEST_CARDS.declined, 'card_declined', '0002'],
    [TEST_CARDS.insufficientFunds, 'insufficient_funds', '9995'],
    [TEST_CARDS.expiredCard, 'expired_card', '0069'],
  ])('keeps the outcome of test card %s with its token, not the number', async (number, outcome, last4) => {
    const res = await post(sandboxCard(number)).expect(201);
    expect(res.body.payload.last4).toBe(last4);
    const [row] = await queryRows(sut, 'SELECT outcome FROM sandbox_card_tokens WHERE id = $1', [res.body.payload.token]);
    expect(row.outcome).toBe(outcome);
  });

  it('takes a two-digit year as this century and names American Express', async () => {
    const res = await post(sandboxCard('3782 822463 10005', { expYear: (new Date().getUTCFullYear() + 1) % 100, cvc: '1234' })).expect(201);
    expect(res.body.payload).toMatchObject({ brand: 'amex', last4: '0005', expYear: new Date().getUTCFullYear() + 1 });
  });

  it('refuses a number that fails the Luhn check with a clear 400, keeping nothing', async () => {
    const before = await tokenCount();
    const res = await post(sandboxCard('4242 4242 4242 4241')).expect(400);
    expect(res.body).toEqual({
      success: false,
      error: {
        code: 'CARD_NUMBER_INVALID',
        message: 'This card number is not valid. Check the digits and try again.',
        fields: { number: 'card number is not valid' },
      },
    });
    expect(await tokenCount()).toBe(before);
  });

  it('refuses a past expiry with a clear 400, keeping nothing', async () => {
    const before = await tokenCount();
    const lastMonth = new Date();
    lastMonth.setUTCDate(1);
    lastMonth.setUTCMonth(lastMonth.getUTCMonth() - 1);
    const res = await post(sandboxCard(TEST_CARDS.approves, { expMonth: lastMonth.getUTCMonth() + 1, expYear: lastMonth.getUTCFullYear() })).expect(400);
    expect(res.body.error).toMatchObject({ code: 'CARD_EXPIRED', message: 'This card has expired. Use another card.' });
    expect(await tokenCount()).toBe(before);
  });

  it('names each malformed field without repeating what was typed', async () => {
    const res = await post({ number: '4242 4242 4242 424x', expMonth: 13, expYear: 'soon', cvc: '12', postalCode: 'ABCDE' }).expect(400);
    expect(res.body.error.code).toBe('INVALID_INPUT');
    expect(Object.keys(res.body.error.fields).sort()).toEqual(['cvc', 'expMonth', 'expYear', 'number', 'postalCode']);
    expect(JSON.stringify(res.body)).not.toContain('424x');
  });

  it('refuses a field it does not know (a card holder name, say)', async () => {
    const res = await post({ ...sandboxCard(), name: 'Ana García' }).expect(400);
    expect(res.body.error.fields).toEqual({ name: expect.any(String) });
  });

  it('answers malformed JSON with 400', async () => {
    const res = await browserLike(sut).post('/api/payments/sandbox/tokens').set('Content-Type', 'application/json').send('{"number": "4242').expect(400);
    expect(res.body.error).toMatchObject({ code: 'BAD_REQUEST', message: 'The request body is not valid JSON.' });
  });

  it('answers a body that is not JSON with 415', async () => {
    await browserLike(sut).post('/api/payments/sandbox/tokens').type('form').send('number=4242424242424242&expMonth=12').expect(415);
  });

  it('answers a body over the limit with 413', async () => {
    const res = await post({ ...sandboxCard(), padding: 'x'.repeat(40_000) }).expect(413);
    expect(res.body.error.code).toBe('PAYLOAD_TOO_LARGE');
  });

  it('refuses a call from another site', async () => {
    await request(sut.url).post('/api/payments/sandbox/tokens').set('Origin', 'https://evil.example').send(sandboxCard()).expect(403);
  });
});

describe('POST /api/payments/sandbox/tokens with Stripe configured', () => {
  const sut = useTestApp({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
      STRIPE_API_URL: 'http://127.0.0.1:9',
    },
  });

  it('does not exist: Stripe.js tokenizes cards', async () => {
    const res = await browserLike(sut).post('/api/payments/sandbox/tokens').send(sandboxCard()).expect(404);
    expect(res.body.error.code).toBe('NOT_THIS_GATEWAY');
  });
});
