import { randomUUID } from 'node:crypto';
import { PaymentGateway } from '../../../src/modules/payments/payment-gateway';
import { captureOutput } from '../../support/capture-output';
import { queryRows, TEST_CARDS } from '../../support/payment-fixtures';
import { cardToken, purchaseBody, readyToPay, sellOnBehalf } from '../../support/purchase-flow';
import { signIn, uniqueEmail } from '../../support/sign-in';
import { useTestApp } from '../../support/use-test-app';

type Client = Awaited<ReturnType<typeof signIn>>;
type Answer = { status: number; body: { success: boolean; error?: { code: string; extra?: unknown } } };

/**
 * Issue 18: a charge's outcome answers the same in the customer's purchase and in their
 * confirmation of a sale staff made for them (charge-outcome.ts): the same code and status for
 * the same card, and for the gateway out of reach.
 */
describe('A charge refused: the purchase and the confirmation answer alike', () => {
  jest.setTimeout(120_000);
  // The refusals are logged as warnings: kept out of the test's output.
  const output = captureOutput();
  let agent: Client;

  const sut = useTestApp({ env: { SEED_DEMO: 'true' } });

  beforeAll(async () => {
    agent = await signIn(sut, 'agent@meterly.test');
  });

  sut.beforeClose(async () => {
    output.restore();
  });

  afterEach(() => jest.restoreAllMocks());

  const refusal = ({ status, body }: Answer) => ({ status, success: body.success, code: body.error?.code, extra: body.error?.extra });
  const chargesFor = (reference: string) => queryRows<{ status: string }>(sut, 'SELECT status FROM payment_charges WHERE reference = $1', [reference]);

  /** The customer buys with the card themselves: the answer, and the quote's charges. */
  async function purchase(number: string) {
    const client = await signIn(sut, uniqueEmail('buys'));
    const quoteId = await readyToPay(client);
    const body = purchaseBody(quoteId, await cardToken(client, number));
    const key = randomUUID();
    const answer = refusal(await client.post('/api/policies').set('Idempotency-Key', key).send(body));
    // The same attempt again answers the same.
    expect(refusal(await client.post('/api/policies').set('Idempotency-Key', key).send(body))).toEqual(answer);
    return { answer, charges: await chargesFor(quoteId) };
  }

  /** The agent sells with the card saved (nothing charged), the customer confirms and is charged: the answer. */
  async function confirmation(number: string) {
    const customerEmail = uniqueEmail('confirms');
    const sold = await sellOnBehalf(agent, customerEmail, number);
    await agent.post('/api/agent/on-behalf/stop').send({}).expect(200);
    const policyId: string = sold.body.payload.policy.id;
    const customer = await signIn(sut, customerEmail);
    const answer = refusal(
      await customer.post(`/api/policies/${policyId}/confirm`).set('Idempotency-Key', randomUUID()).send({ agreeToTerms: true, signatureName: 'Ana García' }),
    );
    const [policy] = await queryRows<{ status: string }>(sut, 'SELECT status FROM policies WHERE id = $1', [policyId]);
    expect(policy.status).toBe('pending-confirmation');
    return { answer, charges: await chargesFor(policyId) };
  }

  it("answers a bank's decline with 402 PAYMENT_DECLINED and the bank's reason in both", async () => {
    const bought = await purchase(TEST_CARDS.insufficientFunds);
    const confirmed = await confirmation(TEST_CARDS.insufficientFunds);
    expect(bought.answer).toEqual({ status: 402, success: false, code: 'PAYMENT_DECLINED', extra: { reason: 'insufficient_funds' } });
    expect(confirmed.answer).toEqual(bought.answer);
    expect(confirmed.charges).toEqual([{ status: 'declined' }]);
  });

  it('answers a charge the gateway refuses for good (no bank reason, not to be retried) with 402 card_declined in both', async () => {
    const bought = await purchase(TEST_CARDS.processingError);
    const confirmed = await confirmation(TEST_CARDS.processingError);
    expect(bought.answer).toEqual({ status: 402, success: false, code: 'PAYMENT_DECLINED', extra: { reason: 'card_declined' } });
    // It was a 503 here: the browser asked again under the same key and got the same error forever.
    expect(confirmed.answer).toEqual(bought.answer);
    expect([...bought.charges, ...confirmed.charges]).toEqual([{ status: 'error' }, { status: 'error' }]);
  });

  it('answers the gateway out of reach with 503 PAYMENT_GATEWAY_UNAVAILABLE in both, the charge left for the same key', async () => {
    const gateway = sut.app.get(PaymentGateway);
    jest.spyOn(gateway, 'charge').mockResolvedValue({ status: 'error', retryable: true, providerCode: 'StripeConnectionError', providerChargeRef: null });
    const bought = await purchase(TEST_CARDS.approves);
    const confirmed = await confirmation(TEST_CARDS.approves);
    expect(bought.answer).toEqual({ status: 503, success: false, code: 'PAYMENT_GATEWAY_UNAVAILABLE', extra: undefined });
    expect(confirmed.answer).toEqual(bought.answer);
    expect([...bought.charges, ...confirmed.charges]).toEqual([{ status: 'pending' }, { status: 'pending' }]);
  });
});
