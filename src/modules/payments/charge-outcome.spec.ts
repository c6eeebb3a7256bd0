import { HttpStatus } from '@nestjs/common';
import { chargeRefusal, changeOf, failedForGood, outcomeOf, paymentDeclined, type ChargeOutcome, type UnpaidOutcome } from './charge-outcome';
import { PaymentException } from './payments.exception';
import type { ChargeRecord } from './charge.repository';
import type { GatewayChargeResult } from './payment-gateway';

/** A charge waiting for the gateway's answer. */
const PENDING = { id: 'charge-1', status: 'pending', declineReason: null, providerCode: null, providerChargeRef: null } as ChargeRecord;

/** The gateway's answer as PaymentsService records it on the row and answers it. */
function outcomeFor(result: GatewayChargeResult): ChargeOutcome {
  const { attempted: _attempted, ...change } = changeOf(result);
  return outcomeOf({ ...PENDING, ...change }, result);
}

/** The answer an unpaid outcome gets, as the envelope shows it. */
function answerFor(outcome: UnpaidOutcome, reason?: Parameters<typeof chargeRefusal>[1]) {
  const refusal = chargeRefusal(outcome, reason);
  expect(refusal).toBeInstanceOf(PaymentException);
  return { code: refusal.code, status: refusal.status, extra: refusal.extra };
}

describe('charge outcomes', () => {
  it('answers a success as succeeded, with the row settled', () => {
    const sut = outcomeFor({ status: 'succeeded', providerChargeRef: 'ch_1' });
    expect(sut).toMatchObject({ status: 'succeeded', charge: { status: 'succeeded', providerChargeRef: 'ch_1' } });
  });

  it.each([['card_declined'], ['insufficient_funds'], ['expired_card']] as const)(
    'answers a bank decline (%s) with 402 PAYMENT_DECLINED and its reason',
    (reason) => {
      const sut = outcomeFor({ status: 'declined', reason, providerCode: reason, providerChargeRef: 'ch_1' });
      expect(sut).toMatchObject({ status: 'declined', reason, charge: { status: 'declined', declineReason: reason } });
      expect(failedForGood(sut as UnpaidOutcome)).toBe(true);
      expect(answerFor(sut as UnpaidOutcome)).toEqual({ code: 'PAYMENT_DECLINED', status: HttpStatus.PAYMENT_REQUIRED, extra: { reason } });
    },
  );

  it('answers a final gateway error (no outcome, not to be retried) like a plain decline: 402, card_declined', () => {
    const sut = outcomeFor({ status: 'error', retryable: false, providerCode: 'processing_error', providerChargeRef: 'ch_1' });
    expect(sut).toMatchObject({ status: 'error', retryable: false, charge: { status: 'error', providerCode: 'processing_error' } });
    expect(failedForGood(sut as UnpaidOutcome)).toBe(true);
    expect(answerFor(sut as UnpaidOutcome)).toEqual({ code: 'PAYMENT_DECLINED', status: HttpStatus.PAYMENT_REQUIRED, extra: { reason: 'card_declined' } });
  });

  it('answers a gateway out of reach (retryable) with 503 PAYMENT_GATEWAY_UNAVAILABLE, the row left pending for the same key', () => {
    const sut = outcomeFor({ status: 'error', retryable: true, providerCode: 'StripeConnectionError', providerChargeRef: null });
    expect(sut).toMatchObject({ status: 'error', retryable: true, charge: { status: 'pending' } });
    expect(failedForGood(sut as UnpaidOutcome)).toBe(false);
    expect(answerFor(sut as UnpaidOutcome)).toEqual({ code: 'PAYMENT_GATEWAY_UNAVAILABLE', status: HttpStatus.SERVICE_UNAVAILABLE, extra: undefined });
  });

  it('answers a charge still processing with 202 PAYMENT_PROCESSING, not failed', () => {
    const sut = outcomeFor({ status: 'processing', providerChargeRef: 'pi_1' });
    expect(sut).toMatchObject({ status: 'processing', charge: { status: 'processing' } });
    expect(failedForGood(sut as UnpaidOutcome)).toBe(false);
    expect(answerFor(sut as UnpaidOutcome)).toEqual({ code: 'PAYMENT_PROCESSING', status: HttpStatus.ACCEPTED, extra: undefined });
  });

  it("keeps the bank's question for the browser, and answers it as a decline where nobody can answer it (402, authentication_required)", () => {
    const sut = outcomeFor({ status: 'requires_action', providerChargeRef: 'pi_1', clientSecret: 'pi_1_secret' });
    expect(sut).toMatchObject({ status: 'requires_action', clientSecret: 'pi_1_secret', charge: { status: 'requires_action' } });
    expect(answerFor(sut as UnpaidOutcome)).toEqual({
      code: 'PAYMENT_DECLINED',
      status: HttpStatus.PAYMENT_REQUIRED,
      extra: { reason: 'authentication_required' },
    });
  });

  it('answers a settled row again the same way, whoever asks (a retry with the same key)', () => {
    const declined = outcomeFor({ status: 'declined', reason: 'insufficient_funds', providerCode: 'insufficient_funds', providerChargeRef: 'ch_1' });
    expect(answerFor(outcomeOf(declined.charge) as UnpaidOutcome)).toEqual(answerFor(declined as UnpaidOutcome));
    const failed = outcomeFor({ status: 'error', retryable: false, providerCode: 'processing_error', providerChargeRef: 'ch_1' });
    expect(answerFor(outcomeOf(failed.charge) as UnpaidOutcome)).toEqual(answerFor(failed as UnpaidOutcome));
  });

  it("gives the reason it is told instead of the bank's (the card-testing limits hide it), on a decline only", () => {
    const declined = outcomeFor({ status: 'declined', reason: 'insufficient_funds', providerCode: 'insufficient_funds', providerChargeRef: 'ch_1' });
    expect(answerFor(declined as UnpaidOutcome, 'card_declined').extra).toEqual({ reason: 'card_declined' });
    const unknown = outcomeFor({ status: 'error', retryable: true, providerCode: 'StripeConnectionError', providerChargeRef: null });
    expect(answerFor(unknown as UnpaidOutcome, 'card_declined').code).toBe('PAYMENT_GATEWAY_UNAVAILABLE');
  });

  it('answers a card refused when it is saved the same as one refused when charged', () => {
    const declined = outcomeFor({ status: 'declined', reason: 'expired_card', providerCode: 'expired_card', providerChargeRef: null });
    const saved = paymentDeclined('expired_card');
    expect({ code: saved.code, status: saved.status, extra: saved.extra }).toEqual(answerFor(declined as UnpaidOutcome));
  });
});
