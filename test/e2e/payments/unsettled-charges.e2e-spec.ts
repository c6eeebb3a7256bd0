import { randomUUID } from 'node:crypto';
import { PaymentGateway } from '../../../src/modules/payments/payment-gateway';
import { PaymentsService, type CardChargeRequest } from '../../../src/modules/payments/payments.service';
import { SandboxGateway } from '../../../src/modules/payments/sandbox/sandbox-gateway';
import { UNSETTLED_CHARGE_DEADLINE_MS, UnsettledChargeSweeper } from '../../../src/modules/payments/unsettled-charge-sweeper.service';
import { UNUSED_CHARGE_DEADLINE_MS, UnusedChargeSweeper } from '../../../src/modules/policy/unused-charge-sweeper.service';
import { createUser, queryRows, sandboxCard, TEST_CARDS } from '../../support/payment-fixtures';
import { uniqueEmail } from '../../support/sign-in';
import { TestClock } from '../../support/test-clock';
import { useTestApp } from '../../support/use-test-app';

const MINUTE = 60_000;

/**
 * Issue 30, item 10b: a charge left pending by a crash was settled only if the customer retried
 * with its key. The sweeper asks the gateway, without charging, what became of each charge left
 * without an outcome past its deadline, and records it; a payment then used by nothing is given
 * back by the unused-charge sweeper as before.
 */
describe(UnsettledChargeSweeper.name, () => {
  jest.setTimeout(120_000);
  const clock = new TestClock();
  let sut: UnsettledChargeSweeper;
  let payments: PaymentsService;
  let gateway: SandboxGateway;

  const app = useTestApp({ clock });

  beforeAll(async () => {
    sut = app.app.get(UnsettledChargeSweeper);
    payments = app.app.get(PaymentsService);
    gateway = app.app.get<PaymentGateway, SandboxGateway>(PaymentGateway);
  });

  afterEach(() => jest.restoreAllMocks());

  /** A policy purchase's charge, made as a crash leaves it: the row pending, the gateway asked (`charged`) or not. */
  async function crashedCharge(charged: boolean): Promise<CardChargeRequest> {
    const userId = await createUser(app, uniqueEmail('crashed'));
    const token = (await gateway.tokenize(sandboxCard(TEST_CARDS.approves))).id;
    const request: CardChargeRequest = {
      idempotencyKey: `test:${randomUUID()}`,
      userId,
      amountCents: 4_217,
      description: 'Meterly policy, first month',
      purpose: 'policy-purchase',
      reference: `quote-${randomUUID()}`,
      token,
    };
    const real = gateway.charge.bind(gateway);
    jest.spyOn(gateway, 'charge').mockImplementationOnce(async (input) => {
      if (charged) await real(input);
      throw new Error('killed');
    });
    await expect(payments.chargeCard(request)).rejects.toThrow('killed');
    return request;
  }

  const chargeRow = async (key: string) =>
    (
      await queryRows<{ id: string; status: string; provider_code: string | null; provider_charge_ref: string | null; refunded_at: Date | null }>(
        app,
        'SELECT id, status, provider_code, provider_charge_ref, refunded_at FROM payment_charges WHERE idempotency_key = $1',
        [key],
      )
    )[0];
  const sandboxCharges = (key: string) => queryRows<{ id: string }>(app, 'SELECT id FROM sandbox_charges WHERE idempotency_key = $1', [key]);

  it('records the outcome of a charge the gateway made before the crash, and the unused payment is then given back', async () => {
    const request = await crashedCharge(true);
    expect(await chargeRow(request.idempotencyKey)).toMatchObject({ status: 'pending', provider_charge_ref: null });

    // Before its deadline, it is left to the customer's retry.
    await sut.sweep();
    expect((await chargeRow(request.idempotencyKey)).status).toBe('pending');

    clock.advance(UNSETTLED_CHARGE_DEADLINE_MS + MINUTE);
    // The crash's spy is the same one: counted from here.
    const charge = jest.spyOn(gateway, 'charge');
    charge.mockClear();
    expect(await sut.sweep()).toBeGreaterThanOrEqual(1);
    const [made] = await sandboxCharges(request.idempotencyKey);
    expect(await chargeRow(request.idempotencyKey)).toMatchObject({ status: 'succeeded', provider_charge_ref: made.id, refunded_at: null });
    // Asked, not charged again.
    expect(charge).not.toHaveBeenCalled();
    expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(1);

    // Nothing uses it: the unused-charge sweeper gives it back past its own deadline.
    clock.advance(UNUSED_CHARGE_DEADLINE_MS + MINUTE);
    await app.app.get(UnusedChargeSweeper).sweep();
    expect((await chargeRow(request.idempotencyKey)).refunded_at).toBeInstanceOf(Date);
  });

  it('ends a charge the gateway never received, charging nothing', async () => {
    const request = await crashedCharge(false);
    clock.advance(UNSETTLED_CHARGE_DEADLINE_MS + MINUTE);
    // The crash's spy is the same one: counted from here.
    const charge = jest.spyOn(gateway, 'charge');
    charge.mockClear();
    await sut.sweep();
    expect(await chargeRow(request.idempotencyKey)).toMatchObject({ status: 'error', provider_code: 'never_charged', provider_charge_ref: null });
    expect(charge).not.toHaveBeenCalled();
    expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(0);
    // The customer's late retry under the key answers that outcome; a new try takes a new key.
    await expect(payments.chargeCard(request)).resolves.toMatchObject({ status: 'error', retryable: false });
    expect(await sandboxCharges(request.idempotencyKey)).toHaveLength(0);
  });

  it("keeps what the gateway says of a charge still open, and leaves one waiting on the customer's authentication to them", async () => {
    const request = await crashedCharge(true);
    clock.advance(UNSETTLED_CHARGE_DEADLINE_MS + MINUTE);
    jest.spyOn(gateway, 'findCharge').mockResolvedValue({ status: 'requires_action', providerChargeRef: 'pi_waiting', clientSecret: 'secret' });
    await sut.sweep();
    expect(await chargeRow(request.idempotencyKey)).toMatchObject({ status: 'requires_action', provider_charge_ref: 'pi_waiting' });
    jest.restoreAllMocks();
    await sut.sweep();
    expect((await chargeRow(request.idempotencyKey)).status).toBe('requires_action');
  });

  it('leaves a charge whose gateway cannot be asked pending, for the next run', async () => {
    const request = await crashedCharge(true);
    clock.advance(UNSETTLED_CHARGE_DEADLINE_MS + MINUTE);
    jest.spyOn(gateway, 'findCharge').mockResolvedValue({ status: 'error', retryable: true, providerCode: 'StripeConnectionError', providerChargeRef: null });
    await sut.sweep();
    expect((await chargeRow(request.idempotencyKey)).status).toBe('pending');
    jest.restoreAllMocks();
    await sut.sweep();
    expect((await chargeRow(request.idempotencyKey)).status).toBe('succeeded');
  });
});
