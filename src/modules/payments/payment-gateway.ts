import type { CardDeclineReason } from '../../shared/payment/decline-reasons';

/**
 * What a card processor does for us, behind one interface: the built-in sandbox (local mode) or
 * Stripe. Chosen once from configuration (payments.module.ts); everything else in the app
 * talks to PaymentsService / PaymentMethodsService, never to a gateway directly.
 */

export type PaymentProvider = 'sandbox' | 'stripe';

/** All we ever keep of a card. */
export interface CardSummary {
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/** A token the browser made, as the gateway knows it. */
export interface TokenDetails extends CardSummary {
  /** The gateway customer it is attached to, when it already is (a saved card). */
  customerRef: string | null;
  /**
   * The same for every token of one card number, whoever enters it (Stripe's card.fingerprint;
   * the sandbox's keyed hash): what the card-testing limits count declines by. Never the number.
   */
  fingerprint: string | null;
}

export interface GatewayChargeRequest {
  /** Our charge row's id: Stripe metadata, so a webhook finds the row. */
  chargeId: string;
  /** Sent to the gateway as its idempotency key: one key, one charge. */
  idempotencyKey: string;
  amountCents: number;
  currency: 'usd';
  description: string;
  customerRef: string;
  /** A token from the browser (on session) or a saved method's reference (off session). */
  methodRef: string;
  /** The customer is not present (a monthly statement): no authentication can be asked for. */
  offSession: boolean;
  /** Keep the card on the customer for later off-session charges (Stripe's setup_future_usage). */
  saveMethod: boolean;
  /** The gateway's id of this charge from an earlier attempt: read it rather than charge again. */
  providerChargeRef: string | null;
  purpose: string;
  reference: string | null;
}

export type GatewayChargeResult =
  | { status: 'succeeded'; providerChargeRef: string }
  | { status: 'declined'; reason: CardDeclineReason; providerCode: string; providerChargeRef: string | null }
  /** On session only: the bank wants the customer to authenticate (3-D Secure) in the browser. */
  | { status: 'requires_action'; providerChargeRef: string; clientSecret: string }
  /** Accepted, outcome later (by webhook). */
  | { status: 'processing'; providerChargeRef: string }
  /**
   * No outcome. `retryable`: nothing is known to have happened (network, rate limit), so the
   * same key may be tried again; otherwise the attempt under this key is over.
   */
  | { status: 'error'; retryable: boolean; providerCode: string; providerChargeRef: string | null };

export type GatewaySaveResult =
  | { status: 'saved'; providerMethodRef: string }
  | { status: 'declined'; reason: CardDeclineReason; providerCode: string }
  | { status: 'requires_action'; clientSecret: string; setupRef: string }
  | { status: 'error'; providerCode: string };

export interface GatewaySaveRequest {
  customerRef: string;
  token: string;
  idempotencyKey: string;
  /** The setup from an earlier answer that asked for authentication, now completed in the browser. */
  setupRef?: string;
}

export abstract class PaymentGateway {
  abstract readonly provider: PaymentProvider;

  /** The card behind a token, or undefined when the gateway does not know the token. */
  abstract describeToken(token: string): Promise<TokenDetails | undefined>;

  /** A customer record at the gateway for one of our users; the same key gives the same customer. */
  abstract createCustomer(input: { userId: string; email: string; idempotencyKey: string }): Promise<string>;

  /** Keeps a token's card on the customer for off-session charges. */
  abstract saveMethod(input: GatewaySaveRequest): Promise<GatewaySaveResult>;

  /** Charges once per idempotency key, however often it is asked. */
  abstract charge(input: GatewayChargeRequest): Promise<GatewayChargeResult>;

  /**
   * Asks, without charging, what became of a charge we asked for (our charge id, its key, the
   * gateway's id if we learned it): its outcome, or undefined when the gateway never received it
   * (a process that died before calling). The pending-charge sweeper's question (issue 30, 10b).
   */
  abstract findCharge(input: { chargeId: string; idempotencyKey: string; providerChargeRef: string | null }): Promise<GatewayChargeResult | undefined>;

  /** Gives back part or all of a successful charge; the same key refunds once. */
  abstract refund(input: { providerChargeRef: string; amountCents: number; idempotencyKey: string }): Promise<{ providerRefundRef: string }>;
}
