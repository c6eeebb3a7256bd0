import { PLAIN_DECLINE, type CardDeclineReason, type DeclineReason } from '../../shared/payment/decline-reasons';
import { PaymentErrorCode, PaymentException } from './payments.exception';
import type { ChargeChange, ChargeRecord } from './charge.repository';
import type { GatewayChargeResult } from './payment-gateway';

/**
 * What a charge came to, and what each outcome means for the one who asked: the one mapping from
 * a gateway's answer (GatewayChargeResult, Stripe's or the sandbox's) to our row, to an outcome,
 * to an answer. Purchase, the customer's confirmation of a staff sale and monthly statements all
 * read outcomes through it, so a decline or an outage means the same thing in each.
 */
export type ChargeOutcome =
  | { status: 'succeeded'; charge: ChargeRecord }
  | { status: 'declined'; reason: CardDeclineReason; charge: ChargeRecord }
  /** Stripe, on session: let CardEntry.authenticate(clientSecret) run, then charge again with the same key. */
  | { status: 'requires_action'; clientSecret: string; charge: ChargeRecord }
  /** Accepted; the outcome comes by webhook, and the same key answers it then. */
  | { status: 'processing'; charge: ChargeRecord }
  /** `retryable`: the outcome is unknown; the same key may be tried again. Otherwise use a new key. */
  | { status: 'error'; retryable: boolean; charge: ChargeRecord };

/** An outcome that paid nothing (yet). */
export type UnpaidOutcome = Exclude<ChargeOutcome, { status: 'succeeded' }>;

/** An outcome over for its key that paid nothing: the next try takes a new key. */
export type FailedOutcome = Extract<ChargeOutcome, { status: 'declined' | 'requires_action' | 'error' }>;

/** A gateway's answer as it is written on the charge's row. */
export function changeOf(result: GatewayChargeResult): ChargeChange {
  switch (result.status) {
    case 'succeeded':
      return { status: 'succeeded', declineReason: null, providerCode: null, providerChargeRef: result.providerChargeRef, attempted: true };
    case 'declined':
      return {
        status: 'declined',
        declineReason: result.reason,
        providerCode: result.providerCode,
        providerChargeRef: result.providerChargeRef,
        attempted: true,
      };
    case 'requires_action':
    case 'processing':
      return { status: result.status, declineReason: null, providerCode: null, providerChargeRef: result.providerChargeRef, attempted: true };
    case 'error':
      // Unknown outcome: stays pending, so the same key tries again (Stripe answers from its cache).
      return {
        status: result.retryable ? 'pending' : 'error',
        declineReason: null,
        providerCode: result.providerCode,
        providerChargeRef: result.providerChargeRef,
        attempted: true,
      };
  }
}

/** The outcome a row stands for (a requires_action or retryable result is passed in: the row cannot say it). */
export function outcomeOf(charge: ChargeRecord, result?: GatewayChargeResult): ChargeOutcome {
  switch (charge.status) {
    case 'succeeded':
      return { status: 'succeeded', charge };
    case 'declined':
      return { status: 'declined', reason: charge.declineReason!, charge };
    case 'processing':
      return { status: 'processing', charge };
    case 'requires_action':
      return { status: 'requires_action', clientSecret: result?.status === 'requires_action' ? result.clientSecret : '', charge };
    case 'error':
      return { status: 'error', retryable: false, charge };
    case 'pending':
      return { status: 'error', retryable: true, charge };
  }
}

/**
 * Whether an unpaid outcome is over for its key: a bank's decline, a bank that wants the customer
 * to authenticate where they cannot (the caller handles requires_action first when the customer
 * is there to do it), or the gateway's final refusal without a bank's reason. Processing and an
 * unknown outcome are not: the same key is asked again and may still pay.
 */
export function failedForGood(outcome: UnpaidOutcome): outcome is FailedOutcome {
  return outcome.status === 'declined' || outcome.status === 'requires_action' || (outcome.status === 'error' && !outcome.retryable);
}

/** The reason a failed charge gives the customer: the bank's, or the plain decline when there is none. */
export function refusalReason(outcome: FailedOutcome): DeclineReason {
  if (outcome.status === 'declined') return outcome.reason;
  return outcome.status === 'requires_action' ? 'authentication_required' : PLAIN_DECLINE;
}

/** The answer to a payment refused for good: 402 PAYMENT_DECLINED, the reason in `extra`. */
export function paymentDeclined(reason: DeclineReason): PaymentException {
  return new PaymentException(PaymentErrorCode.PaymentDeclined, { reason });
}

/**
 * The one answer for each unpaid outcome (docs/decisions.md, issue 18): failed for good, 402
 * PAYMENT_DECLINED (a new key, or another card, may pay); processing, 202 PAYMENT_PROCESSING and
 * an unknown outcome, 503 PAYMENT_GATEWAY_UNAVAILABLE (the same key asked again answers it).
 * `reason` replaces the outcome's own (the card-testing limits may hide it).
 */
export function chargeRefusal(outcome: UnpaidOutcome, reason?: DeclineReason): PaymentException {
  if (failedForGood(outcome)) return paymentDeclined(reason ?? refusalReason(outcome));
  if (outcome.status === 'processing') return new PaymentException(PaymentErrorCode.PaymentProcessing);
  return new PaymentException(PaymentErrorCode.GatewayUnavailable);
}
