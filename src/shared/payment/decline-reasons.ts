/**
 * Why a payment was refused, in one list for the server (an answer's `error.extra.reason`, a
 * gateway's decline mapped to ours) and the browser (the text it shows, keyed by the reason in
 * the locale files).
 */

/** What a bank says of a card, as the gateways' decline codes are mapped (payments/ gateways). */
export const CARD_DECLINE_REASONS = ['card_declined', 'insufficient_funds', 'expired_card'] as const;
export type CardDeclineReason = (typeof CARD_DECLINE_REASONS)[number];

/**
 * What a refused payment can tell the customer: a bank's reason, or that the bank wants the card
 * confirmed where it cannot be (the customer away, or staff entering the card).
 */
export const DECLINE_REASONS = [...CARD_DECLINE_REASONS, 'authentication_required'] as const;
export type DeclineReason = (typeof DECLINE_REASONS)[number];

/** The reason that says nothing about the card: an unknown or unnamed decline reads as this one. */
export const PLAIN_DECLINE = 'card_declined' satisfies CardDeclineReason;

/** A reason from an answer as one of `shown` (the reasons a page has texts for), else the plain decline. */
export function shownDeclineReason<Reason extends DeclineReason>(reason: unknown, shown: readonly Reason[]): Reason | typeof PLAIN_DECLINE {
  return (shown as readonly unknown[]).includes(reason) ? (reason as Reason) : PLAIN_DECLINE;
}
