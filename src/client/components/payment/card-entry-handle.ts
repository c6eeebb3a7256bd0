import type { CardToken } from '../../../shared/payment/payment-model';

export type { CardToken };

/** What a page does with CardEntry, through its ref. */
export interface CardEntryHandle {
  /**
   * Checks the fields (showing what is wrong beside each) and turns the card into a token at
   * the gateway: Stripe.js in Stripe mode, our sandbox endpoint otherwise. Null when the card
   * cannot be used; the reason is on screen. The same token again until reset().
   */
  tokenize(): Promise<CardToken | null>;
  /**
   * Checks the fields as they are now and shows what is wrong beside each, sending nothing:
   * true when the card can be tried. A form checks it with its own fields, so one submit
   * shows every problem of the page at once.
   */
  check(): boolean;
  /** Puts the cursor in the first card field in error (Stripe's fields are frames of their own). */
  focusProblem(): void;
  /**
   * Lets the bank confirm a payment or saved card (3-D Secure) when the server answered
   * requires_action with a client secret; true when done. The sandbox never asks.
   */
  authenticate(clientSecret: string, kind?: 'payment' | 'setup'): Promise<boolean>;
  /** Forgets the token and shows empty fields for another card. */
  reset(): void;
}

export interface CardEntryProps {
  /** Told each time a card becomes a token. */
  onToken?: (token: CardToken) => void;
  /** Told when the customer chose to enter another card. */
  onReset?: () => void;
  disabled?: boolean;
}
