import { Injectable } from '@nestjs/common';
import type { CancellationQuote } from '../../shared/billing/cancellation-quote';
import type { PolicyRow } from './policy.repository';

type Quoter = (policy: PolicyRow, date: string) => Promise<CancellationQuote | undefined>;

/**
 * What a cancellation comes to, asked by the policy module (its e-mail and notice) of billing,
 * which owns the maths: billing depends on this module, so it hands its quoter in at start-up
 * (BillingService.onModuleInit) rather than this module importing billing.
 */
@Injectable()
export class CancellationFigures {
  private quoter?: Quoter;

  provide(quoter: Quoter): void {
    this.quoter = quoter;
  }

  /** The final statement's figure for a cancellation on `date` (its own lines once it is made); undefined where billing is not loaded or nothing will be billed. */
  async quote(policy: PolicyRow, date: string): Promise<CancellationQuote | undefined> {
    return this.quoter?.(policy, date);
  }
}
