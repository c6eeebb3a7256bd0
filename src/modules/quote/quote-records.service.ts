import { Injectable } from '@nestjs/common';
import { QuoteRepository, type QuoteChange, type QuoteRow } from './quote.repository';
import type { QuoteOwner } from './quote-owner';

/**
 * The quotes table as other modules may use it: the quote module is its one writer, and the
 * application (its sections) and the purchase (its price, its hold, its close) read and change
 * a quote only through these calls.
 */
@Injectable()
export class QuoteRecords {
  constructor(private readonly quotes: QuoteRepository) {}

  findForOwner(id: string, owner: QuoteOwner): Promise<QuoteRow | undefined> {
    return this.quotes.findForOwner(id, owner);
  }

  /** Reads the owner's quote locked and writes what `change` returns, in one transaction. */
  update(id: string, owner: QuoteOwner, change: (row: QuoteRow) => Promise<QuoteChange>): Promise<QuoteRow | undefined> {
    return this.quotes.update(id, owner, change);
  }

  /** Holds an open quote for one purchase attempt: false when another attempt holds it. */
  claimForPurchase(id: string, userId: string, requestId: string): Promise<boolean> {
    return this.quotes.claimForPurchase(id, userId, requestId);
  }

  releasePurchase(id: string, requestId: string): Promise<void> {
    return this.quotes.releasePurchase(id, requestId);
  }

  /** The quote locked in the purchase's transaction, and closed as purchased in it. */
  lockForPurchase(id: string): Promise<QuoteRow | undefined> {
    return this.quotes.lockForPurchase(id);
  }

  markPurchased(id: string): Promise<void> {
    return this.quotes.markPurchased(id);
  }
}
