import type { PurchaseBody } from '../../lib/policy/policy-api';

export interface PurchaseAttempt {
  key: string;
  body: PurchaseBody;
}

const storageKey = (quoteId: string) => `meterly.purchase-attempt.${quoteId}`;

/**
 * The purchase attempt in flight, kept in this tab's session storage until it is answered. When
 * the answer is lost (a 503, a dropped connection, a reload mid-payment) the server holds the
 * quote for that key alone, so the page must be able to send exactly the same request again,
 * even after a reload. It holds the card's token and never the card.
 */
export const attemptStore = {
  read(quoteId: string): PurchaseAttempt | undefined {
    try {
      const raw = window.sessionStorage.getItem(storageKey(quoteId));
      return raw ? (JSON.parse(raw) as PurchaseAttempt) : undefined;
    } catch {
      return undefined;
    }
  },
  save(quoteId: string, attempt: PurchaseAttempt): void {
    try {
      window.sessionStorage.setItem(storageKey(quoteId), JSON.stringify(attempt));
    } catch {
      // Storage refused (private mode, full): the attempt lives as long as the page then.
    }
  },
  /** Any attempt this tab still holds, whatever its quote. */
  any(): PurchaseAttempt | undefined {
    try {
      const key = Object.keys(window.sessionStorage).find((name) => name.startsWith(storageKey('')));
      return key ? (JSON.parse(window.sessionStorage.getItem(key)!) as PurchaseAttempt) : undefined;
    } catch {
      return undefined;
    }
  },
  clear(quoteId: string): void {
    try {
      window.sessionStorage.removeItem(storageKey(quoteId));
    } catch {
      // Nothing stored, nothing to clear.
    }
  },
};
