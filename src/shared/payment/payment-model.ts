/** What the browser gets for a card: a token to pay with and what may be shown of the card. */
export interface CardToken {
  token: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
}

/**
 * A card as typed into the sandbox's form (local mode's stand-in for Stripe.js): what the browser
 * sends to the sandbox's token endpoint and the sandbox gateway tokenizes.
 */
export interface SandboxCardInput {
  number: string;
  expMonth: number;
  expYear: number;
  cvc: string;
  postalCode: string;
}

/** A saved card as the profile shows it. */
export interface PaymentMethodView {
  id: string;
  brand: string;
  last4: string;
  expMonth: number;
  expYear: number;
  createdAt: string;
}

/** What PUT /api/payments/method answers. */
export type SavePaymentMethodResult = { status: 'saved'; method: PaymentMethodView } | { status: 'requires_action'; clientSecret: string; setupRef: string };

/** The payment gateway the browser tokenizes cards for (public configuration). */
export type PaymentsPublicConfig = { provider: 'sandbox' } | { provider: 'stripe'; publishableKey: string };
