import Stripe from 'stripe';
import { cardError, FakeStripe, paymentIntent } from '../../../../test/support/fake-stripe';
import { StripeGateway, stripeClient } from './stripe-gateway';
import type { GatewayChargeRequest } from '../payment-gateway';

const SECRET_KEY = 'sk_test_51FakeKeyForTheLoopbackServer';
const WEBHOOK_SECRET = 'whsec_test_0123456789abcdefABCDEF';

describe(StripeGateway.name, () => {
  let stripe: FakeStripe;
  let sut: StripeGateway;

  beforeAll(async () => {
    stripe = await FakeStripe.start();
    sut = new StripeGateway(stripeClient({ secretKey: SECRET_KEY, apiUrl: stripe.url }, { maxNetworkRetries: 0 }), WEBHOOK_SECRET);
  });

  afterAll(async () => {
    await stripe.close();
  });

  beforeEach(() => stripe.reset());

  function chargeRequest(overrides: Partial<GatewayChargeRequest> = {}): GatewayChargeRequest {
    return {
      chargeId: '6f1c0f7e-8a53-4c1e-9d0a-2b7d1a3e5f10',
      idempotencyKey: 'purchase:quote-1:attempt-1',
      amountCents: 4217,
      currency: 'usd',
      description: 'Meterly policy, first month',
      customerRef: 'cus_fake_1',
      methodRef: 'pm_fake_card',
      offSession: false,
      saveMethod: false,
      providerChargeRef: null,
      purpose: 'policy-purchase',
      reference: 'quote-1',
      ...overrides,
    };
  }

  describe('charge', () => {
    it("confirms a PaymentIntent on session for the amount asked, under the caller's idempotency key", async () => {
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_ok', status: 'succeeded' }) }));
      await expect(sut.charge(chargeRequest({ saveMethod: true }))).resolves.toEqual({ status: 'succeeded', providerChargeRef: 'pi_ok' });
      expect(stripe.calls).toHaveLength(1);
      const [call] = stripe.calls;
      expect(call).toMatchObject({ method: 'POST', path: '/v1/payment_intents' });
      expect(call.headers['idempotency-key']).toBe('purchase:quote-1:attempt-1');
      expect(call.headers.authorization).toBe(`Bearer ${SECRET_KEY}`);
      expect(call.form).toEqual({
        amount: '4217',
        currency: 'usd',
        customer: 'cus_fake_1',
        payment_method: 'pm_fake_card',
        confirm: 'true',
        setup_future_usage: 'off_session',
        'automatic_payment_methods[enabled]': 'true',
        'automatic_payment_methods[allow_redirects]': 'never',
        description: 'Meterly policy, first month',
        'metadata[charge_id]': '6f1c0f7e-8a53-4c1e-9d0a-2b7d1a3e5f10',
        'metadata[purpose]': 'policy-purchase',
        'metadata[reference]': 'quote-1',
      });
    });

    it('charges a saved card off session (no setup_future_usage)', async () => {
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_off', status: 'succeeded' }) }));
      await sut.charge(chargeRequest({ offSession: true, methodRef: 'pm_saved', idempotencyKey: 'statement:2026-11' }));
      const [call] = stripe.calls;
      expect(call.form).toMatchObject({ off_session: 'true', confirm: 'true', payment_method: 'pm_saved', customer: 'cus_fake_1', currency: 'usd' });
      expect(call.form.setup_future_usage).toBeUndefined();
      expect(call.headers['idempotency-key']).toBe('statement:2026-11');
    });

    it.each([
      ['card_declined', 'generic_decline', { reason: 'card_declined', providerCode: 'generic_decline' }],
      ['card_declined', 'insufficient_funds', { reason: 'insufficient_funds', providerCode: 'insufficient_funds' }],
      ['expired_card', undefined, { reason: 'expired_card', providerCode: 'expired_card' }],
      ['card_declined', 'expired_card', { reason: 'expired_card', providerCode: 'expired_card' }],
      ['authentication_required', 'authentication_required', { reason: 'card_declined', providerCode: 'authentication_required' }],
      ['incorrect_cvc', undefined, { reason: 'card_declined', providerCode: 'incorrect_cvc' }],
    ])('maps the card error %s/%s to a decline', async (code, declineCode, expected) => {
      stripe.respond(() => cardError(code, declineCode, 'pi_declined'));
      await expect(sut.charge(chargeRequest())).resolves.toEqual({ status: 'declined', providerChargeRef: 'pi_declined', ...expected });
    });

    it('maps processing_error to an error the same key will not retry', async () => {
      stripe.respond(() => cardError('processing_error'));
      await expect(sut.charge(chargeRequest())).resolves.toMatchObject({ status: 'error', retryable: false, providerCode: 'processing_error' });
    });

    it('asks the browser to authenticate when the PaymentIntent requires action', async () => {
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_3ds', status: 'requires_action', client_secret: 'pi_3ds_secret_xyz' }) }));
      await expect(sut.charge(chargeRequest())).resolves.toEqual({ status: 'requires_action', providerChargeRef: 'pi_3ds', clientSecret: 'pi_3ds_secret_xyz' });
    });

    it('reports a PaymentIntent still processing', async () => {
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_slow', status: 'processing' }) }));
      await expect(sut.charge(chargeRequest())).resolves.toEqual({ status: 'processing', providerChargeRef: 'pi_slow' });
    });

    it('reads the PaymentIntent of an earlier attempt instead of creating another', async () => {
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_earlier', status: 'succeeded' }) }));
      await expect(sut.charge(chargeRequest({ providerChargeRef: 'pi_earlier' }))).resolves.toEqual({ status: 'succeeded', providerChargeRef: 'pi_earlier' });
      expect(stripe.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /v1/payment_intents/pi_earlier']);
    });

    it('answers a rate limit as an error the same key may retry', async () => {
      stripe.respond(() => ({ status: 429, body: { error: { type: 'rate_limit_error', code: 'rate_limit', message: 'Too many requests' } } }));
      await expect(sut.charge(chargeRequest())).resolves.toMatchObject({ status: 'error', retryable: true });
    });

    it('answers a request Stripe refused as an error that will not be retried', async () => {
      stripe.respond(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } } }));
      await expect(sut.charge(chargeRequest())).resolves.toEqual({
        status: 'error',
        retryable: false,
        providerCode: 'resource_missing',
        providerChargeRef: null,
      });
    });

    it('answers Stripe out of reach as an error the same key may retry', async () => {
      const unreachable = new StripeGateway(
        stripeClient({ secretKey: SECRET_KEY, apiUrl: 'http://127.0.0.1:9' }, { maxNetworkRetries: 0, timeoutMs: 2000 }),
        WEBHOOK_SECRET,
      );
      await expect(unreachable.charge(chargeRequest())).resolves.toMatchObject({ status: 'error', retryable: true, providerCode: 'StripeConnectionError' });
    });

    it('lets the SDK retry a lock conflict itself under the same Idempotency-Key', async () => {
      const retrying = new StripeGateway(stripeClient({ secretKey: SECRET_KEY, apiUrl: stripe.url }, { maxNetworkRetries: 1 }), WEBHOOK_SECRET);
      let first = true;
      stripe.respond(() => {
        if (first) {
          first = false;
          return { status: 409, body: { error: { type: 'invalid_request_error', code: 'lock_timeout', message: 'Try again' } } };
        }
        return { body: paymentIntent({ id: 'pi_after_retry', status: 'succeeded' }) };
      });
      await expect(retrying.charge(chargeRequest())).resolves.toEqual({ status: 'succeeded', providerChargeRef: 'pi_after_retry' });
      expect(stripe.calls.map((call) => call.headers['idempotency-key'])).toEqual(['purchase:quote-1:attempt-1', 'purchase:quote-1:attempt-1']);
    });
  });

  describe('findCharge (the unsettled-charge sweeper asks, never charges)', () => {
    const asked = { chargeId: '6f1c0f7e-8a53-4c1e-9d0a-2b7d1a3e5f10', idempotencyKey: 'purchase:quote-1:attempt-1', providerChargeRef: null };

    it('finds the PaymentIntent by the charge id in its metadata', async () => {
      stripe.respond(() => ({ body: { object: 'search_result', data: [paymentIntent({ id: 'pi_found', status: 'succeeded' })], has_more: false } }));
      await expect(sut.findCharge(asked)).resolves.toEqual({ status: 'succeeded', providerChargeRef: 'pi_found' });
      expect(stripe.calls).toHaveLength(1);
      expect(stripe.calls[0]).toMatchObject({ method: 'GET', path: '/v1/payment_intents/search' });
      expect(stripe.calls[0].form.query).toBe("metadata['charge_id']:'6f1c0f7e-8a53-4c1e-9d0a-2b7d1a3e5f10'");
    });

    it('answers undefined when Stripe never received the charge, and reads a known PaymentIntent by its id', async () => {
      stripe.respond(() => ({ body: { object: 'search_result', data: [], has_more: false } }));
      await expect(sut.findCharge(asked)).resolves.toBeUndefined();
      stripe.respond(() => ({ body: paymentIntent({ id: 'pi_known', status: 'processing' }) }));
      await expect(sut.findCharge({ ...asked, providerChargeRef: 'pi_known' })).resolves.toEqual({ status: 'processing', providerChargeRef: 'pi_known' });
      expect(stripe.calls.map((call) => call.method)).toEqual(['GET', 'GET']);
    });

    it('answers a failure to ask as an error to ask again', async () => {
      stripe.respond(() => ({ status: 400, body: { error: { type: 'invalid_request_error', code: 'parameter_invalid', message: 'Bad query' } } }));
      await expect(sut.findCharge(asked)).resolves.toMatchObject({ status: 'error', retryable: true });
    });
  });

  describe('cards and customers', () => {
    it('describes a PaymentMethod by brand, last four, expiry, customer and card fingerprint', async () => {
      stripe.respond(() => ({
        body: {
          id: 'pm_fake_card',
          object: 'payment_method',
          customer: 'cus_fake_1',
          card: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2030, fingerprint: 'Xt5EWLLDS7FJjR1c' },
        },
      }));
      await expect(sut.describeToken('pm_fake_card')).resolves.toEqual({
        brand: 'visa',
        last4: '4242',
        expMonth: 12,
        expYear: 2030,
        customerRef: 'cus_fake_1',
        fingerprint: 'Xt5EWLLDS7FJjR1c',
      });
      expect(stripe.calls[0]).toMatchObject({ method: 'GET', path: '/v1/payment_methods/pm_fake_card' });
    });

    it('answers undefined for a PaymentMethod Stripe does not know, or a token that is not one', async () => {
      stripe.respond(() => ({ status: 404, body: { error: { type: 'invalid_request_error', code: 'resource_missing', message: 'No such PaymentMethod' } } }));
      await expect(sut.describeToken('pm_unknown')).resolves.toBeUndefined();
      await expect(sut.describeToken('../v1/customers')).resolves.toBeUndefined();
      expect(stripe.calls).toHaveLength(1);
    });

    it("creates a customer with the user's e-mail and id under an idempotency key", async () => {
      stripe.respond(() => ({ body: { id: 'cus_new', object: 'customer' } }));
      await expect(sut.createCustomer({ userId: 'user-1', email: 'ana@example.com', idempotencyKey: 'meterly-customer:user-1' })).resolves.toBe('cus_new');
      expect(stripe.calls[0]).toMatchObject({ method: 'POST', path: '/v1/customers', form: { email: 'ana@example.com', 'metadata[user_id]': 'user-1' } });
      expect(stripe.calls[0].headers['idempotency-key']).toBe('meterly-customer:user-1');
    });

    it('keeps a card for off-session charges with a confirmed SetupIntent', async () => {
      stripe.respond(() => ({
        body: { id: 'seti_1', object: 'setup_intent', status: 'succeeded', customer: 'cus_fake_1', payment_method: 'pm_new', client_secret: 'seti_1_secret' },
      }));
      await expect(sut.saveMethod({ customerRef: 'cus_fake_1', token: 'pm_new', idempotencyKey: 'save:1' })).resolves.toEqual({
        status: 'saved',
        providerMethodRef: 'pm_new',
      });
      expect(stripe.calls[0]).toMatchObject({
        method: 'POST',
        path: '/v1/setup_intents',
        form: { customer: 'cus_fake_1', payment_method: 'pm_new', confirm: 'true', usage: 'off_session' },
      });
      expect(stripe.calls[0].headers['idempotency-key']).toBe('save:1');
    });

    it('passes on a SetupIntent that needs authentication, and reads it back once done', async () => {
      stripe.respond(() => ({
        body: {
          id: 'seti_3ds',
          object: 'setup_intent',
          status: 'requires_action',
          customer: 'cus_fake_1',
          payment_method: 'pm_new',
          client_secret: 'seti_3ds_secret',
        },
      }));
      await expect(sut.saveMethod({ customerRef: 'cus_fake_1', token: 'pm_new', idempotencyKey: 'save:2' })).resolves.toEqual({
        status: 'requires_action',
        clientSecret: 'seti_3ds_secret',
        setupRef: 'seti_3ds',
      });
      stripe.respond(() => ({ body: { id: 'seti_3ds', object: 'setup_intent', status: 'succeeded', customer: 'cus_fake_1', payment_method: 'pm_new' } }));
      await expect(sut.saveMethod({ customerRef: 'cus_fake_1', token: 'pm_new', idempotencyKey: 'save:2', setupRef: 'seti_3ds' })).resolves.toEqual({
        status: 'saved',
        providerMethodRef: 'pm_new',
      });
      expect(stripe.calls.at(-1)).toMatchObject({ method: 'GET', path: '/v1/setup_intents/seti_3ds' });
    });

    it("refuses a SetupIntent that is another customer's or another card's", async () => {
      stripe.respond(() => ({ body: { id: 'seti_x', object: 'setup_intent', status: 'succeeded', customer: 'cus_someone_else', payment_method: 'pm_new' } }));
      await expect(sut.saveMethod({ customerRef: 'cus_fake_1', token: 'pm_new', idempotencyKey: 'save:3', setupRef: 'seti_x' })).resolves.toEqual({
        status: 'error',
        providerCode: 'setup_intent_mismatch',
      });
    });

    it('maps a declined SetupIntent to a decline', async () => {
      stripe.respond(() => cardError('card_declined', 'insufficient_funds'));
      await expect(sut.saveMethod({ customerRef: 'cus_fake_1', token: 'pm_new', idempotencyKey: 'save:4' })).resolves.toEqual({
        status: 'declined',
        reason: 'insufficient_funds',
        providerCode: 'insufficient_funds',
      });
    });

    it('refunds a PaymentIntent in full under an idempotency key', async () => {
      stripe.respond(() => ({ body: { id: 're_1', object: 'refund', status: 'succeeded' } }));
      await expect(sut.refund({ providerChargeRef: 'pi_ok', amountCents: 4217, idempotencyKey: 'meterly-refund:1' })).resolves.toEqual({
        providerRefundRef: 're_1',
      });
      expect(stripe.calls[0]).toMatchObject({ method: 'POST', path: '/v1/refunds', form: { payment_intent: 'pi_ok', amount: '4217' } });
      expect(stripe.calls[0].headers['idempotency-key']).toBe('meterly-refund:1');
    });
  });

  describe('constructEvent', () => {
    const signer = new Stripe(SECRET_KEY);
    const payload = JSON.stringify({
      id: 'evt_1',
      object: 'event',
      type: 'payment_intent.succeeded',
      data: { object: paymentIntent({ status: 'succeeded' }) },
    });

    it('accepts an event signed with our secret, over the exact bytes', () => {
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(sut.constructEvent(Buffer.from(payload), header)).toMatchObject({ id: 'evt_1', type: 'payment_intent.succeeded' });
    });

    it('refuses another secret, a changed body, a missing header and an old timestamp', () => {
      const wrongSecret = signer.webhooks.generateTestHeaderString({ payload, secret: 'whsec_someone_else_0123456789' });
      expect(() => sut.constructEvent(Buffer.from(payload), wrongSecret)).toThrow();
      const header = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET });
      expect(() => sut.constructEvent(Buffer.from(payload.replace('4217', '1')), header)).toThrow();
      expect(() => sut.constructEvent(Buffer.from(payload), '')).toThrow();
      const old = signer.webhooks.generateTestHeaderString({ payload, secret: WEBHOOK_SECRET, timestamp: Math.floor(Date.now() / 1000) - 301 });
      expect(() => sut.constructEvent(Buffer.from(payload), old)).toThrow(/timestamp/i);
    });
  });
});
