import { randomUUID } from 'node:crypto';
import { TransactionHost } from '@nestjs-cls/transactional';
import { PaymentGateway } from '../../../src/modules/payments/payment-gateway';
import { PaymentMethodsService } from '../../../src/modules/payments/payment-methods.service';
import { PaymentException } from '../../../src/modules/payments/payments.exception';
import { PaymentsService, type CardChargeRequest } from '../../../src/modules/payments/payments.service';
import { SandboxGateway } from '../../../src/modules/payments/sandbox/sandbox-gateway';
import { createUser, queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

describe(PaymentsService.name, () => {
  const clock = new TestClock();
  let sut: PaymentsService;
  let methods: PaymentMethodsService;
  let gateway: SandboxGateway;
  let userId: string;

  const app = useTestApp({ clock });

  beforeAll(async () => {
    sut = app.app.get(PaymentsService);
    methods = app.app.get(PaymentMethodsService);
    gateway = app.app.get<PaymentGateway, SandboxGateway>(PaymentGateway);
  });

  beforeEach(async () => {
    userId = await createUser(app, uniqueEmail('payer'));
  });

  afterEach(() => jest.restoreAllMocks());

  async function tokenFor(number: string, overrides: Record<string, unknown> = {}): Promise<string> {
    return (await gateway.tokenize(sandboxCard(number, overrides))).id;
  }

  function cardCharge(token: string, overrides: Partial<CardChargeRequest> = {}): CardChargeRequest {
    return {
      idempotencyKey: `test:${randomUUID()}`,
      userId,
      amountCents: 4_217,
      description: 'Meterly policy, first month',
      purpose: 'policy-purchase',
      reference: 'quote-1',
      token,
      ...overrides,
    };
  }

  const chargeRows = (key: string) => queryRows(app, 'SELECT * FROM payment_charges WHERE idempotency_key = $1', [key]);
  const sandboxCharges = (key: string) => queryRows(app, 'SELECT * FROM sandbox_charges WHERE idempotency_key = $1', [key]);

  describe('each test card at charge time', () => {
    it('approves 4242 4242 4242 4242 and records the charge', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.approves));
      const outcome = await sut.chargeCard(request);
      expect(outcome.status).toBe('succeeded');
      expect(outcome.charge).toMatchObject({
        idempotencyKey: request.idempotencyKey,
        userId,
        amountCents: 4_217,
        currency: 'usd',
        provider: 'sandbox',
        status: 'succeeded',
        cardBrand: 'visa',
        cardLast4: '4242',
        offSession: false,
        attempts: 1,
        providerChargeRef: expect.stringMatching(/^ch_sandbox_/),
      });
      expect(outcome.charge.settledAt).toBeInstanceOf(Date);
      const [sandbox] = await sandboxCharges(request.idempotencyKey);
      expect(sandbox).toMatchObject({ id: outcome.charge.providerChargeRef, amount_cents: 4_217, outcome: 'succeeded' });
    });

    it.each([
      [TEST_CARDS.declined, 'card_declined'],
      [TEST_CARDS.insufficientFunds, 'insufficient_funds'],
      [TEST_CARDS.expiredCard, 'expired_card'],
    ])('declines %s with %s', async (number, reason) => {
      const outcome = await sut.chargeCard(cardCharge(await tokenFor(number)));
      expect(outcome).toMatchObject({ status: 'declined', reason });
      expect(outcome.charge).toMatchObject({ status: 'declined', declineReason: reason, providerCode: reason });
    });

    it('ends 4000 0000 0000 0119 in an error that the same key will not retry', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.processingError));
      await expect(sut.chargeCard(request)).resolves.toMatchObject({
        status: 'error',
        retryable: false,
        charge: { status: 'error', providerCode: 'processing_error' },
      });
      await expect(sut.chargeCard(request)).resolves.toMatchObject({ status: 'error', retryable: false });
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);
    });
  });

  describe('idempotency', () => {
    it('answers the same key with the first outcome: one charge row, one charge at the gateway', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.approves));
      const first = await sut.chargeCard(request);
      const again = await sut.chargeCard(request);
      expect(again.status).toBe('succeeded');
      expect(again.charge.id).toBe(first.charge.id);
      expect(again.charge.providerChargeRef).toBe(first.charge.providerChargeRef);
      expect(await chargeRows(request.idempotencyKey)).toHaveLength(1);
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);
      expect((await chargeRows(request.idempotencyKey))[0].attempts).toBe(1);
    });

    it('answers a declined key with the same decline, without asking the gateway again', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.insufficientFunds));
      await sut.chargeCard(request);
      const charge = jest.spyOn(gateway, 'charge');
      await expect(sut.chargeCard(request)).resolves.toMatchObject({ status: 'declined', reason: 'insufficient_funds' });
      expect(charge).not.toHaveBeenCalled();
    });

    it('charges once when two calls with one key race', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.approves));
      const outcomes = await Promise.all([sut.chargeCard(request), sut.chargeCard(request), sut.chargeCard(request)]);
      expect(outcomes.map((outcome) => outcome.status)).toEqual(['succeeded', 'succeeded', 'succeeded']);
      expect(new Set(outcomes.map((outcome) => outcome.charge.id)).size).toBe(1);
      expect(await chargeRows(request.idempotencyKey)).toHaveLength(1);
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);
    });

    it('refuses the key with a different amount, card or purpose (409), charging nothing', async () => {
      const token = await tokenFor(TEST_CARDS.approves);
      const request = cardCharge(token);
      await sut.chargeCard(request);
      for (const changed of [
        { amountCents: 5_000 },
        { token: await tokenFor(TEST_CARDS.approves) },
        { purpose: 'monthly-statement' },
        { reference: 'quote-2' },
      ]) {
        await expect(sut.chargeCard({ ...request, ...changed })).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED', status: 409 });
      }
      await expect(sut.chargeSavedMethod(request)).rejects.toMatchObject({ code: 'IDEMPOTENCY_KEY_REUSED' });
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);
    });

    it("after a crash between the gateway's charge and our record, the retry gets the original outcome and no second charge", async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.approves));
      const real = gateway.charge.bind(gateway);
      // The process "dies" once the gateway has charged: our transaction never commits.
      jest.spyOn(gateway, 'charge').mockImplementationOnce(async (input) => {
        await real(input);
        throw new Error('killed after the charge');
      });
      await expect(sut.chargeCard(request)).rejects.toThrow('killed after the charge');
      const [pending] = await chargeRows(request.idempotencyKey);
      expect(pending).toMatchObject({ status: 'pending', settled_at: null });
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);

      const retried = await sut.chargeCard(request);
      expect(retried.status).toBe('succeeded');
      expect(retried.charge.id).toBe(pending.id);
      expect(retried.charge.providerChargeRef).toBe((await sandboxCharges(request.idempotencyKey))[0].id);
      expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);
    });

    it('keeps a charge whose outcome is unknown pending, and the same key settles it later', async () => {
      const request = cardCharge(await tokenFor(TEST_CARDS.approves));
      jest.spyOn(gateway, 'charge').mockResolvedValueOnce({ status: 'error', retryable: true, providerCode: 'StripeConnectionError', providerChargeRef: null });
      await expect(sut.chargeCard(request)).resolves.toMatchObject({ status: 'error', retryable: true, charge: { status: 'pending', attempts: 1 } });
      await expect(sut.chargeCard(request)).resolves.toMatchObject({ status: 'succeeded', charge: { attempts: 2 } });
    });

    it.each([
      ['too short', 'short'],
      ['with a space', 'has a space in it'],
      ['over 255 characters', 'x'.repeat(256)],
    ])('refuses an idempotency key %s', async (_case, key) => {
      await expect(sut.chargeCard(cardCharge('tok_sandbox_x', { idempotencyKey: key }))).rejects.toMatchObject({
        code: 'IDEMPOTENCY_KEY_INVALID',
        status: 400,
      });
    });

    it.each([[0], [-100], [12.5], [100_000_000]])('refuses the amount %s', async (amountCents) => {
      await expect(sut.chargeCard(cardCharge('tok_sandbox_x', { amountCents }))).rejects.toMatchObject({ code: 'AMOUNT_INVALID' });
    });

    it('refuses a token the gateway does not know, writing nothing', async () => {
      const request = cardCharge('tok_sandbox_doesnotexist000000000000');
      await expect(sut.chargeCard(request)).rejects.toMatchObject({ code: 'PAYMENT_TOKEN_UNKNOWN', status: 400 });
      expect(await chargeRows(request.idempotencyKey)).toHaveLength(0);
    });
  });

  describe('saved cards and off-session charges', () => {
    it('keeps the card of a successful purchase and charges it later with the customer away', async () => {
      const purchase = await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.approves), { saveMethod: true }));
      expect(purchase.status).toBe('succeeded');
      const saved = await methods.current(userId);
      expect(saved).toMatchObject({ brand: 'visa', last4: '4242', expMonth: 12, providerMethodRef: purchase.charge.providerMethodRef, replacedAt: null });

      const statement = await sut.chargeSavedMethod({
        idempotencyKey: `statement:${randomUUID()}`,
        userId,
        amountCents: 6_350,
        description: 'Meterly, November',
        purpose: 'monthly-statement',
      });
      expect(statement).toMatchObject({ status: 'succeeded', charge: { offSession: true, paymentMethodId: saved!.id, cardLast4: '4242', amountCents: 6_350 } });
    });

    it('does not keep the card of a declined purchase', async () => {
      await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.declined), { saveMethod: true }));
      await expect(methods.current(userId)).resolves.toBeUndefined();
    });

    it('refuses to save a card the bank declines outright (4000 0000 0000 0002), as Stripe does', async () => {
      await expect(methods.save(userId, await tokenFor(TEST_CARDS.declined))).resolves.toMatchObject({ status: 'declined', reason: 'card_declined' });
      await expect(methods.current(userId)).resolves.toBeUndefined();
    });

    it.each([[TEST_CARDS.insufficientFunds, 'insufficient_funds']])('declines an off-session charge of saved card %s with %s', async (number, reason) => {
      await expect(methods.save(userId, await tokenFor(number))).resolves.toMatchObject({ status: 'saved' });
      await expect(
        sut.chargeSavedMethod({ idempotencyKey: `statement:${randomUUID()}`, userId, amountCents: 900, description: 'Meterly', purpose: 'monthly-statement' }),
      ).resolves.toMatchObject({
        status: 'declined',
        reason,
      });
    });

    it('declines a saved card that expired since it was saved (expired_card)', async () => {
      const now = clock.now();
      await methods.save(userId, await tokenFor(TEST_CARDS.approves, { expMonth: now.getUTCMonth() + 1, expYear: now.getUTCFullYear() }));
      jest.spyOn(clock, 'now').mockReturnValue(new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 2, 1)));
      await expect(
        sut.chargeSavedMethod({ idempotencyKey: `statement:${randomUUID()}`, userId, amountCents: 900, description: 'Meterly', purpose: 'monthly-statement' }),
      ).resolves.toMatchObject({
        status: 'declined',
        reason: 'expired_card',
      });
    });

    it('answers NO_PAYMENT_METHOD for a user without a saved card', async () => {
      await expect(
        sut.chargeSavedMethod({ idempotencyKey: `statement:${randomUUID()}`, userId, amountCents: 900, description: 'Meterly', purpose: 'monthly-statement' }),
      ).rejects.toMatchObject({
        code: 'NO_PAYMENT_METHOD',
        status: 409,
      });
    });

    it('replaces the card: the new one is current, the old one kept as replaced', async () => {
      const first = await methods.save(userId, await tokenFor(TEST_CARDS.approves));
      const second = await methods.save(userId, await tokenFor('5555 5555 5555 4444'));
      expect(second).toMatchObject({ status: 'saved', method: { brand: 'mastercard', last4: '4444' } });
      const history = await methods.history(userId);
      expect(history.map((method) => [method.last4, method.replacedAt === null])).toEqual([
        ['4444', true],
        ['4242', false],
      ]);
      expect(first.status === 'saved' && first.method.id).toBe(history[1].id);
      await expect(methods.current(userId)).resolves.toMatchObject({ last4: '4444' });
    });

    it('saving the same card twice keeps one row', async () => {
      const token = await tokenFor(TEST_CARDS.approves);
      await methods.save(userId, token);
      await methods.save(userId, token);
      await expect(methods.history(userId)).resolves.toHaveLength(1);
    });

    it("refuses another customer's saved card", async () => {
      const token = await tokenFor(TEST_CARDS.approves);
      await methods.save(userId, token);
      const other = await createUser(app, uniqueEmail('other'));
      await expect(methods.save(other, token)).rejects.toMatchObject({ code: 'PAYMENT_TOKEN_UNKNOWN' });
      await expect(sut.chargeCard(cardCharge(token, { userId: other }))).rejects.toMatchObject({ code: 'PAYMENT_TOKEN_UNKNOWN' });
    });
  });

  describe("for the caller's own transaction", () => {
    it("marks a payment used once, inside the caller's transaction, and locks it there", async () => {
      const outcome = await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.approves)));
      const txHost = app.app.get<TransactionHost<TransactionalAdapterTypeOrm>>(TransactionHost);
      await txHost.withTransaction(async () => {
        const locked = await sut.lock(outcome.charge.id);
        expect(locked.usedFor).toBeNull();
        await sut.markUsed(outcome.charge.id, 'policy:one');
      });
      await expect(sut.markUsed(outcome.charge.id, 'policy:one')).resolves.toMatchObject({ usedFor: 'policy:one' });
      await expect(sut.markUsed(outcome.charge.id, 'policy:two')).rejects.toMatchObject({ code: 'CHARGE_ALREADY_USED', status: 409 });
    });

    it("leaves the payment unused when the caller's transaction rolls back", async () => {
      const outcome = await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.approves)));
      const txHost = app.app.get<TransactionHost<TransactionalAdapterTypeOrm>>(TransactionHost);
      await expect(
        txHost.withTransaction(async () => {
          await sut.markUsed(outcome.charge.id, 'policy:rolled-back');
          throw new Error('issuing the policy failed');
        }),
      ).rejects.toThrow('issuing the policy failed');
      await expect(sut.findById(outcome.charge.id)).resolves.toMatchObject({ usedFor: null });
    });

    it('refuses to mark a declined payment used', async () => {
      const outcome = await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.declined)));
      await expect(sut.markUsed(outcome.charge.id, 'policy:x')).rejects.toMatchObject({ code: 'CHARGE_NOT_SUCCEEDED' });
    });

    it('refunds a successful payment once', async () => {
      const outcome = await sut.chargeCard(cardCharge(await tokenFor(TEST_CARDS.approves)));
      const refunded = await sut.refund(outcome.charge.id);
      expect(refunded.refundedAt).toBeInstanceOf(Date);
      expect(refunded.providerRefundRef).toMatch(/^re_sandbox_/);
      await expect(sut.refund(outcome.charge.id)).resolves.toMatchObject({ providerRefundRef: refunded.providerRefundRef });
      const [sandbox] = await queryRows(app, 'SELECT refunded_at FROM sandbox_charges WHERE id = $1', [outcome.charge.providerChargeRef]);
      expect(sandbox.refunded_at).toBeInstanceOf(Date);
    });
  });

  it('throws PaymentException for every refusal (the filter answers them in the envelope)', async () => {
    await expect(sut.chargeCard(cardCharge('tok_sandbox_x', { amountCents: 0 }))).rejects.toBeInstanceOf(PaymentException);
  });
});
