import { nextApplicationSection, stepAtOrAfter, type PurchaseStep } from '../../shared/quote/application-model';
import { isRatable } from '../../shared/quote/quote-model';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import type { QuoteRow } from './quote.repository';

type StepFacts = Pick<QuoteRow, 'status' | 'answers' | 'application' | 'packageChosenAt' | 'coverageConfirmedAt'>;

/** The first step on the way to a policy that this quote has not done. */
export function purchaseStepOf(row: StepFacts): PurchaseStep {
  if (row.status === 'purchased') return 'purchased';
  if (!isRatable(row.answers) || row.answers.milesPerMonth === undefined) return 'quote';
  if (nextApplicationSection(row.application, row.answers)) return 'application';
  if (!row.packageChosenAt) return 'products';
  if (!row.coverageConfirmedAt) return 'coverage';
  return 'payment';
}

/** A step after the quote runs on an open quote (409 QUOTE_CLOSED) whose earlier steps are done (409 OUT_OF_ORDER naming the first one not done). */
export function requireStep(row: StepFacts, needed: PurchaseStep): void {
  if (row.status !== 'open') throw new QuoteException(QuoteErrorCode.Closed);
  const step = purchaseStepOf(row);
  if (!stepAtOrAfter(step, needed)) throw new QuoteException(QuoteErrorCode.OutOfOrder, { step });
}
