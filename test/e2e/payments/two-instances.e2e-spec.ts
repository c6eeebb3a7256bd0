import { randomUUID } from 'node:crypto';
import Stripe from 'stripe';
import request from 'supertest';
import { PaymentGateway } from '../../../src/modules/payments/payment-gateway';
import { PaymentsService } from '../../../src/modules/payments/payments.service';
import { SandboxGateway } from '../../../src/modules/payments/sandbox/sandbox-gateway';
import { FakeStripe, paymentIntent } from '../../support/fake-stripe';
import { createUser, queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { uniqueEmail } from '../../support/sign-in';
import { APP_START_TIMEOUT_MS, createTestApp, type TestApp } from '../../support/test-app';
import { useTestApp } from '../../support/use-test-app';

describe('Two server instances on one database', () => {
  describe('charging in sandbox mode', () => {
    let two: TestApp;

    const one = useTestApp();

    beforeAll(async () => {
      two = await createTestApp({}, { databaseUrl: one.databaseUrl });
    }, APP_START_TIMEOUT_MS);

    one.beforeClose(async () => {
      await two.close();
    });

    it('charge once when both are asked to charge with the same key at the same time', async () => {
      const userId = await createUser(one, uniqueEmail('twice'));
      const token = (await one.app.get<PaymentGateway, SandboxGateway>(PaymentGateway).tokenize(sandboxCard(TEST_CARDS.approves))).id;
      const request = { idempotencyKey: `purchase:${randomUUID()}`, userId, amountCents: 4217, description: 'Meterly', purpose: 'policy-purchase', token };
      const outcomes = await Promise.all([one.app.get(PaymentsService).chargeCard(request), two.app.get(PaymentsService).chargeCard(request)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded', 'succeeded']);
      expect(outcomes[0].charge.id).toBe(outcomes[1].charge.id);
      expect(await queryRows(one, 'SELECT id FROM payment_charges WHERE idempotency_key = $1', [request.idempotencyKey])).toHaveLength(1);
      expect(await queryRows(one, 'SELECT id FROM sandbox_charges WHERE idempotency_key = $1', [request.idempotencyKey])).toHaveLength(1);
    });
  });

  describe('receiving a Stripe webhook', () => {
    const env = {
      STRIPE_SECRET_KEY: 'sk_test_51FakeKeyForTheLoopbackServer',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51FakePublishableKeyForTests',
      STRIPE_WEBHOOK_SECRET: 'whsec_test_0123456789abcdefABCDEF',
    };
    let stripe: FakeStripe;
    let two: TestApp;

    beforeAll(async () => {
      stripe = await FakeStripe.start();
    });

    const one = useTestApp(() => ({ env: { ...env, STRIPE_API_URL: stripe.url } }));

    beforeAll(async () => {
      two = await createTestApp({ ...env, STRIPE_API_URL: stripe.url }, { databaseUrl: one.databaseUrl });
    }, APP_START_TIMEOUT_MS);

    one.beforeClose(async () => {
      await two.close();
    });

    afterAll(async () => {
      await stripe.close();
    });

    it('handle an event delivered to both at once only once', async () => {
      const event = {
        id: `evt_${randomUUID().replace(/-/g, '')}`,
        object: 'event',
        type: 'payment_intent.succeeded',
        data: { object: paymentIntent({ id: 'pi_nobody', status: 'succeeded' }) },
      };
      const payload = JSON.stringify(event);
      const header = new Stripe(env.STRIPE_SECRET_KEY).webhooks.generateTestHeaderString({ payload, secret: env.STRIPE_WEBHOOK_SECRET });
      const deliver = (app: TestApp) =>
        request(app.url).post('/api/payments/stripe/webhook').set('Content-Type', 'application/json').set('Stripe-Signature', header).send(payload).expect(200);
      const answers = await Promise.all([deliver(one), deliver(two)]);
      expect(answers.map((res) => res.body.payload.duplicate).sort()).toEqual([false, true]);
      expect(await queryRows(one, 'SELECT 1 FROM payment_webhook_events WHERE event_id = $1', [event.id])).toHaveLength(1);
    });
  });
});
