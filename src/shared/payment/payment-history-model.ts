import type { DeclineReason } from './decline-reasons';

/** What a payment paid for, as the history and its receipts name it. */
export const PAID_FOR = ['first-payment', 'statement', 'policy-change', 'other'] as const;
export type PaidFor = (typeof PAID_FOR)[number];

/** Why an attempt failed: a bank's reason, or the processor's own error. */
export type PaymentFailure = DeclineReason | 'processing_error';

/** One line of the payment history (GET /api/payment-history): a charge, a refund, or a failed attempt. */
export interface PaymentHistoryEntry {
  /** "charge-<uuid>", "refund-<uuid>" (a whole charge given back) or "credit-<uuid>" (a statement's credit paid back). */
  id: string;
  kind: 'charge' | 'refund';
  /** A refund has always succeeded; a charge may have failed or still be processing. */
  status: 'succeeded' | 'failed' | 'pending';
  /** When it was made (a refund: when it was given back), ISO. */
  at: string;
  /** Positive whole cents: charged, or given back. */
  amountCents: number;
  /** The card's brand and last four digits only. */
  card: { brand: string | null; last4: string } | null;
  /** What the payment paid for (a refund: what the money given back had paid for). */
  paidFor: PaidFor;
  policyNumber: string | null;
  /** A statement's period. */
  period: { from: string; to: string } | null;
  failure: PaymentFailure | null;
  /** A PDF receipt is there to download (each charge that succeeded, each refund). */
  receipt: boolean;
}

export interface PaymentHistoryPage {
  entries: PaymentHistoryEntry[];
  /** The cursor of the next (older) page, or null when this is the last. */
  next: string | null;
}

export const HISTORY_PAGE_SIZE = 20;
export const HISTORY_MAX_PAGE_SIZE = 50;

/** The receipt's address for an entry, in a language. */
export function receiptPath(entryId: string, locale: string): string {
  return `/api/payment-history/${entryId}/receipt.pdf?locale=${locale}`;
}
