import { createHmac, randomBytes } from 'node:crypto';
import { cardBrand, cardDigits, cardNumberProblem, fullYear, isExpired } from '../../../shared/payment/card-number';
import {
  PaymentGateway,
  type GatewayChargeRequest,
  type GatewayChargeResult,
  type GatewaySaveRequest,
  type GatewaySaveResult,
  type TokenDetails,
} from '../payment-gateway';
import { PaymentErrorCode, PaymentException } from '../payments.exception';
import { sandboxOutcomeOf } from './test-cards';
import type { Clock } from '../../../common/clock/clock';
import type { SandboxCardInput } from '../../../shared/payment/payment-model';
import type { SandboxChargeOutcome, SandboxRepository, SandboxToken } from './sandbox.repository';

/** "tok_sandbox_…": random, and never a run of digits that could look like a card. */
function opaqueId(prefix: string): string {
  return `${prefix}_${randomBytes(18).toString('base64url')}`;
}

const RESULTS: Record<SandboxChargeOutcome, (ref: string) => GatewayChargeResult> = {
  succeeded: (ref) => ({ status: 'succeeded', providerChargeRef: ref }),
  card_declined: (ref) => ({ status: 'declined', reason: 'card_declined', providerCode: 'card_declined', providerChargeRef: ref }),
  insufficient_funds: (ref) => ({ status: 'declined', reason: 'insufficient_funds', providerCode: 'insufficient_funds', providerChargeRef: ref }),
  expired_card: (ref) => ({ status: 'declined', reason: 'expired_card', providerCode: 'expired_card', providerChargeRef: ref }),
  processing_error: (ref) => ({ status: 'error', retryable: false, providerCode: 'processing_error', providerChargeRef: ref }),
};

/**
 * The built-in gateway of local mode: its own tokenizing endpoint stands in for Stripe.js, and
 * its books in Postgres stand in for Stripe's, with the same promises (one charge per key,
 * tokens attached to one customer, the test cards' outcomes at charge time).
 */
export class SandboxGateway extends PaymentGateway {
  readonly provider = 'sandbox' as const;

  constructor(
    private readonly books: SandboxRepository,
    private readonly clock: Clock,
    /** Keys the card fingerprint, so a fingerprint cannot be turned back into a number by trying them all. */
    private readonly fingerprintKey = 'meterly-sandbox-fingerprint',
  ) {
    super();
  }

  /**
   * What Stripe.js does in the browser: checks the card and answers a token. A number that
   * fails the Luhn check, or a past expiry, is refused before anything is kept. The number and
   * the security code go no further than this function.
   */
  async tokenize(card: SandboxCardInput): Promise<SandboxToken> {
    if (cardNumberProblem(card.number)) {
      const exception = new PaymentException(PaymentErrorCode.CardNumberInvalid);
      exception.fields = { number: 'card number is not valid' };
      throw exception;
    }
    const expYear = fullYear(card.expYear);
    if (isExpired(card.expMonth, expYear, this.clock.now())) {
      const exception = new PaymentException(PaymentErrorCode.CardExpired);
      exception.fields = { expMonth: 'card has expired', expYear: 'card has expired' };
      throw exception;
    }
    const digits = cardDigits(card.number);
    const token = {
      id: opaqueId('tok_sandbox'),
      brand: cardBrand(digits),
      last4: digits.slice(-4),
      expMonth: card.expMonth,
      expYear,
      outcome: sandboxOutcomeOf(digits),
      fingerprint: createHmac('sha256', this.fingerprintKey).update(`card-fingerprint:${digits}`).digest('base64url').slice(0, 22),
    };
    await this.books.insertToken(token);
    return { ...token, customerRef: null, createdAt: this.clock.now() };
  }

  async describeToken(token: string): Promise<TokenDetails | undefined> {
    const found = await this.books.findToken(token);
    return (
      found && {
        brand: found.brand,
        last4: found.last4,
        expMonth: found.expMonth,
        expYear: found.expYear,
        customerRef: found.customerRef,
        fingerprint: found.fingerprint,
      }
    );
  }

  async createCustomer(): Promise<string> {
    return opaqueId('cus_sandbox');
  }

  async saveMethod(input: GatewaySaveRequest): Promise<GatewaySaveResult> {
    const token = await this.books.findToken(input.token);
    if (!token) return { status: 'error', providerCode: 'resource_missing' };
    if (isExpired(token.expMonth, token.expYear, this.clock.now())) return { status: 'declined', reason: 'expired_card', providerCode: 'expired_card' };
    // As Stripe's 4000 0000 0000 0002 does, a card the bank declines outright cannot be saved
    // either; one short of funds can (saving it charges nothing).
    if (token.outcome === 'card_declined') return { status: 'declined', reason: 'card_declined', providerCode: 'card_declined' };
    if (!(await this.books.attachToken(token.id, input.customerRef))) return { status: 'error', providerCode: 'payment_method_unusable' };
    return { status: 'saved', providerMethodRef: token.id };
  }

  async charge(input: GatewayChargeRequest): Promise<GatewayChargeResult> {
    const token = await this.books.findToken(input.methodRef);
    if (!token) return { status: 'error', retryable: false, providerCode: 'resource_missing', providerChargeRef: null };
    if (token.customerRef && token.customerRef !== input.customerRef) {
      return { status: 'error', retryable: false, providerCode: 'payment_method_unusable', providerChargeRef: null };
    }
    const outcome: SandboxChargeOutcome = isExpired(token.expMonth, token.expYear, this.clock.now())
      ? 'expired_card'
      : token.outcome === 'approve'
        ? 'succeeded'
        : token.outcome;
    const charge = await this.books.chargeOnce({
      id: opaqueId('ch_sandbox'),
      idempotencyKey: input.idempotencyKey,
      tokenId: token.id,
      customerRef: input.customerRef,
      amountCents: input.amountCents,
      currency: input.currency,
      offSession: input.offSession,
      outcome,
    });
    if (charge.outcome === 'succeeded' && input.saveMethod) await this.books.attachToken(token.id, input.customerRef);
    return RESULTS[charge.outcome](charge.id);
  }

  /** The charge its books hold under the key, as `charge` answered it; undefined when it never charged. */
  async findCharge(input: { idempotencyKey: string }): Promise<GatewayChargeResult | undefined> {
    const charge = await this.books.findChargeByKey(input.idempotencyKey);
    return charge && RESULTS[charge.outcome](charge.id);
  }

  async refund(input: { providerChargeRef: string; amountCents: number; idempotencyKey: string }): Promise<{ providerRefundRef: string }> {
    const providerRefundRef = await this.books.refund(input.providerChargeRef, input.amountCents, input.idempotencyKey);
    // As Stripe: more than is left of the charge is refused.
    if (!providerRefundRef) throw new PaymentException(PaymentErrorCode.AmountInvalid);
    return { providerRefundRef };
  }
}
