/**
 * The sandbox's test cards (the numbers Stripe's test mode uses, so a developer's habits carry
 * over). The outcome is decided when the card is tokenized and kept with the token; the number
 * itself is dropped there and then. Any other valid number is approved.
 */
export type SandboxOutcome = 'approve' | 'card_declined' | 'insufficient_funds' | 'expired_card' | 'processing_error';

export const TEST_CARDS: Readonly<Record<string, SandboxOutcome>> = {
  '4242424242424242': 'approve',
  '4000000000000002': 'card_declined',
  '4000000000009995': 'insufficient_funds',
  '4000000000000069': 'expired_card',
  '4000000000000119': 'processing_error',
};

export function sandboxOutcomeOf(digits: string): SandboxOutcome {
  return TEST_CARDS[digits] ?? 'approve';
}
