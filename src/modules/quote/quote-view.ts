import { maskedApplication } from '../../shared/quote/application-identification';
import { monthlyEstimateCents, nextStepOf, type QuoteView } from '../../shared/quote/quote-model';
import { DAILY_CAP_MILES } from '../../shared/miles/billable-miles';
import { purchaseStepOf } from './purchase-step';
import type { QuoteRow } from './quote.repository';

/** A quote as its owner sees it (never who else touched it, nor the raw row). */
export function quoteView(row: QuoteRow): QuoteView {
  const price =
    row.rateVersion && row.baseRateCents && row.perMileRateMills && row.breakdown && row.state
      ? {
          rateVersion: row.rateVersion,
          state: row.state,
          baseRateCents: row.baseRateCents,
          perMileRateMills: row.perMileRateMills,
          dailyCapMiles: DAILY_CAP_MILES,
          breakdown: row.breakdown,
        }
      : undefined;
  const miles = row.answers.milesPerMonth;
  return {
    id: row.id,
    reference: row.reference,
    status: row.status,
    answers: row.answers,
    ...(row.state ? { state: row.state } : {}),
    coveragePackage: row.coveragePackage,
    ...(price ? { price } : {}),
    ...(price && miles !== undefined ? { monthlyEstimateCents: monthlyEstimateCents(price, miles) } : {}),
    nextStep: nextStepOf(row.answers),
    application: maskedApplication(row.application),
    purchaseStep: purchaseStepOf(row),
    ...(row.coverage ? { coverage: row.coverage } : {}),
    ...(row.policyPrice ? { policyPrice: row.policyPrice } : {}),
    updatedAt: new Date(row.updatedAt).toISOString(),
  };
}
