import { nextApplicationSection, type PurchaseStep } from '../../shared/quote/application-model';
import { isRatable } from '../../shared/quote/quote-model';
import type { QuoteRow } from './quote.repository';

/** The first step on the way to a policy that this quote has not done. */
export function purchaseStepOf(row: Pick<QuoteRow, 'status' | 'answers' | 'application' | 'packageChosenAt' | 'coverageConfirmedAt'>): PurchaseStep {
  if (row.status === 'purchased') return 'purchased';
  if (!isRatable(row.answers) || row.answers.milesPerMonth === undefined) return 'quote';
  if (nextApplicationSection(row.application, row.answers)) return 'application';
  if (!row.packageChosenAt) return 'products';
  if (!row.coverageConfirmedAt) return 'coverage';
  return 'payment';
}
