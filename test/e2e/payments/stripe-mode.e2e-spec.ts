import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { PaymentsService } from '../../../src/modules/payments/payments.service';
import { FakeStripe, paymentIntent, type StripeCall } from '../../support/fake-stripe';
import { createUser, queryRows } from '../../support/payment-fixtures';
import { uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

const STRIPE_ENV = {
  STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTheLoopbackServer',
  STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakePublishableKeyForTests',
  STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefABCDEF',
};
const WEBHOOK = '/api/payments/stripe/webhook';

/** Stripe's answers for a customer whose card is pm_card_visa. */
function stripeApi(intentStatus: string) {
  return (call: StripeCall) => {
    if (call.path === '/v1/payment_methods/pm_card_visa') {
      return { body: { id: 'pm_card_visa', object: 'payment_method', customer: null, card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2031 } } };
    }
    if (call.path === '/v1/customers') return { body: { id: 'cus_from_fake', object: 'customer' } };
    if (call.path === '/v1/payment_intents') {
      return { body: paymentIntent({ id: `pi_${randomUUID().slice(0, 8)}`, status: intentStatus, metadata: { charge_id: call.form['metadata[charge_id]'] } }) };
    }
    return { status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such thing' } } };
  };
}

describe('Payments with Stripe configured', () => {
  const signer = new Stripe(STRIPE_ENV.STRIPE_SECRET_KEY);
  let stripe: FakeStripe;
  let payments: PaymentsService;

  beforeAll(async () => {
    stripe = await FakeStripe.start();
  });

  const app = useTestApp(() => ({ env: { ...STRIPE_ENV, STRIPE_API_URL: stripe.url } }));

  beforeAll(() => {
    payments = app.app.get(PaymentsService);
  });

  afterAll(async () => {
    await stripe.close();
  });

  beforeEach(() => {
    stripe.reset();
  });

  function signed(event: object, options: { secret?: string; timestamp?: number; spacing?: number } = {}) {
    const payload = JSON.stringify(event, null, options.spacing);
    const header = signer.webhooks.generateTestHeaderString({
      payload,
      secret: options.secret ?? STRIPE_ENV.STRIPE_WEBHOOK_SECRET,
      timestamp: options.timestamp,
    });
    return { payload, header };
  }

  const deliver = ({ payload, header }: { payload: string; header: string }) =>
    request(app.url).post(WEBHOOK).set('Content-Type', 'application/json; charset=utf-8').set('Stripe-Signature', header).send(payload);

  const eventRows = (id: string) => queryRows(app, 'SELECT * FROM payment_webhook_events WHERE event_id = $1', [id]);

  function intentEvent(type: string, intent: ReturnType<typeof paymentIntent>) {
    return { id: `evt_${randomUUID().replace(/-/g, '')}`, object: 'event', type, created: Math.floor(Date.now() / 1000), data: { object: intent } };
  }

  /** A purchase whose PaymentIntent Stripe left processing: the webhook settles it. */
  async function processingCharge() {
    stripe.respond(stripeApi('processing'));
    const userId = await createUser(app, uniqueEmail('stripe'));
    const outcome = await payments.chargeCard({
      idempotencyKey: `purchase:${randomUUID()}`,
      userId,
      amountCents: 4217,
      description: 'Meterly policy, first month',
      purpose: 'policy-purchase',
      token: 'pm_card_visa',
      saveMethod: true,
    });
    expect(outcome.status).toBe('processing');
    return outcome.charge;
  }

  it('charges through Stripe: a customer, then a PaymentIntent for the amount with the Idempotency-Key', async () => {
    const charge = await processingCharge();
    expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual([
      'GET /v1/payment_methods/pm_card_visa',
      'POST /v1/customers',
      'POST /v1/payment_intents',
    ]);
    const intentCall = stripe.calls[2];
    expect(intentCall.headers['idempotency-key']).toBe(charge.idempotencyKey);
    expect(intentCall.form).toMatchObject({
      amount: '4217',
      currency: 'usd',
      customer: 'cus_from_fake',
      payment_method: 'pm_card_visa',
      confirm: 'true',
      'metadata[charge_id]': charge.id,
    });
    expect(charge).toMatchObject({ provider: 'stripe', status: 'processing', cardBrand: 'visa', cardLast4: '4242' });
  });

  it('settles a charge on payment_intent.succeeded, once, even when Stripe delivers the event twice', async () => {
    const charge = await processingCharge();
    const event = signed(
      intentEvent('payment_intent.succeeded', paymentIntent({ id: charge.providerChargeRef!, status: 'succeeded', metadata: { charge_id: charge.id } })),
    );
    const first = await deliver(event).expect(200);
    expect(first.body).toEqual({ success: true, payload: { received: true, duplicate: false } });
    const settled = await payments.findById(charge.id);
    expect(settled).toMatchObject({ status: 'succeeded', attempts: 1, settledAt: expect.any(Date) });
    const again = await deliver(event).expect(200);
    expect(again.body.payload.duplicate).toBe(true);

    // The second delivery changes nothing.
    await expect(payments.findById(charge.id)).resolves.toEqual(settled);
    const [row] = await eventRows(JSON.parse(event.payload).id);
    expect(row).toMatchObject({ provider: 'stripe', type: 'payment_intent.succeeded', charge_id: charge.id });
    // The purchase asked to keep the card: the success keeps it.
    const [method] = await queryRows(app, 'SELECT * FROM payment_methods WHERE user_id = $1', [charge.userId]);
    expect(method).toMatchObject({ provider: 'stripe', provider_method_ref: 'pm_card_visa', last4: '4242', replaced_at: null });
  });

  it('records a decline from payment_intent.payment_failed', async () => {
    const charge = await processingCharge();
    const failure = { type: 'card_error', code: 'card_declined', decline_code: 'insufficient_funds' };
    const event = signed(
      intentEvent(
        'payment_intent.payment_failed',
        paymentIntent({ id: charge.providerChargeRef!, status: 'requires_payment_method', last_payment_error: failure }),
      ),
    );
    await deliver(event).expect(200);
    await expect(payments.findById(charge.id)).resolves.toMatchObject({
      status: 'declined',
      declineReason: 'insufficient_funds',
      providerCode: 'insufficient_funds',
    });
  });

  it('checks the signature over the exact bytes received (any spacing)', async () => {
    const charge = await processingCharge();
    const event = signed(intentEvent('payment_intent.succeeded', paymentIntent({ id: charge.providerChargeRef!, status: 'succeeded' })), { spacing: 3 });
    await deliver(event).expect(200);
    await expect(payments.findById(charge.id)).resolves.toMatchObject({ status: 'succeeded' });
  });

  it("takes an event larger than the API's own 32 kB limit", async () => {
    const big = { ...intentEvent('customer.updated', paymentIntent({ status: 'succeeded' })), padding: 'x'.repeat(100_000) };
    await deliver(signed(big)).expect(200);
  });

  it('answers a bad signature with 400 and records nothing', async () => {
    const charge = await processingCharge();
    const body = intentEvent(
      'payment_intent.succeeded',
      paymentIntent({ id: charge.providerChargeRef!, status: 'succeeded', metadata: { charge_id: charge.id } }),
    );
    for (const bad of [
      signed(body, { secret: 'whsec_attacker_0123456789abcdef' }),
      { payload: JSON.stringify(body), header: 't=1,v1=deadbeef' },
      { ...signed(body), payload: JSON.stringify({ ...body, type: 'payment_intent.succeeded ' }) },
      signed(body, { timestamp: Math.floor(Date.now() / 1000) - 3600 }),
    ]) {
      const res = await deliver(bad).expect(400);
      expect(res.body.error.code).toBe('WEBHOOK_SIGNATURE_INVALID');
    }
    await request(app.url).post(WEBHOOK).set('Content-Type', 'application/json').send(JSON.stringify(body)).expect(400);
    expect(await eventRows(body.id)).toHaveLength(0);
    await expect(payments.findById(charge.id)).resolves.toMatchObject({ status: 'processing' });
  });

  it('records an event it has no use for, once', async () => {
    const event = signed({ id: 'evt_customer_1', object: 'event', type: 'customer.created', data: { object: { id: 'cus_1' } } });
    await deliver(event).expect(200);
    await deliver(event).expect(200);
    expect(await eventRows('evt_customer_1')).toHaveLength(1);
  });

  it('lets the browser load Stripe.js: its hosts in the CSP and the publishable key in the page', async () => {
    const res = await request(app.url).get('/').expect(200);
    const csp = res.headers['content-security-policy'];
    expect(csp).toMatch(/script-src 'self' 'nonce-[^']+' https:\/\/js\.stripe\.com https:\/\/\*\.js\.stripe\.com/);
    expect(csp).toContain('frame-src https://js.stripe.com https://*.js.stripe.com https://hooks.stripe.com');
    expect(csp).toContain("connect-src 'self' https://api.stripe.com");
    expect(res.text).toContain(`"payments":{"provider":"stripe","publishableKey":"${STRIPE_ENV.STRIPE_PUBLISHABLE_KEY}"}`);
    expect(res.text).not.toContain(STRIPE_ENV.STRIPE_SECRET_KEY);
    expect(res.text).not.toContain(STRIPE_ENV.STRIPE_WEBHOOK_SECRET);
  });
});

describe('Payments in sandbox mode', () => {
  // The describe above left its Stripe keys in this file's environment.
  const app = useTestApp({ env: { STRIPE_SECRET_KEY: '', STRIPE_PUBLISHABLE_KEY: '', STRIPE_WEBHOOK_SECRET: '', STRIPE_API_URL: '' } });

  it('keeps Stripe out of the CSP and tells the browser to use the sandbox', async () => {
    const res = await request(app.url).get('/').expect(200);
    expect(res.headers['content-security-policy']).not.toContain('stripe');
    expect(res.text).toContain('"payments":{"provider":"sandbox"}');
  });

  it('has no Stripe webhook', async () => {
    const res = await request(app.url).post(WEBHOOK).set('Content-Type', 'application/json').set('Stripe-Signature', 't=1,v1=x').send('{}').expect(404);
    expect(res.body.error.code).toBe('NOT_THIS_GATEWAY');
  });
});
