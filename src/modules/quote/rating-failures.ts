import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';
import type { DomainException } from '../../common/errors/domain-exception';
import type { DeclineReason } from './eligibility/underwriting';
import { invalidField } from './quote-problems';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import type { RatingError } from './rating/rating-error';

export enum PricingErrorCode {
  Declined = 'QUOTE_DECLINED',
  CoverageNotAllowed = 'COVERAGE_NOT_ALLOWED',
  NotRatable = 'NOT_RATABLE',
}

const MESSAGES: Record<PricingErrorCode, [string, HttpStatus]> = {
  [PricingErrorCode.Declined]: [
    "We can't offer a price online for this driving record. Call us and an agent will look at it with you.",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [PricingErrorCode.CoverageNotAllowed]: ['That coverage cannot be sold in this state.', HttpStatus.UNPROCESSABLE_ENTITY],
  [PricingErrorCode.NotRatable]: ['We cannot price these answers. Please check them.', HttpStatus.BAD_REQUEST],
};

export class PricingException extends codedException(MESSAGES) {}

/** Records beyond what we quote online (docs/pricing.md "At the extremes"): 422, with the reason. */
export function declined(reason: DeclineReason): PricingException {
  return new PricingException(PricingErrorCode.Declined, { reason });
}

/**
 * What the engine refused, as the API answers it. Answers reach the engine checked by the
 * shared rules, so most of these mean a rule of the rate table's own (a state's compulsory
 * coverage) or a table that lacks a state.
 */
export function fromRatingError(error: RatingError): DomainException {
  switch (error.code) {
    case 'ZIP_UNKNOWN':
      return invalidField('zip', 'unknown');
    case 'STATE_NOT_RATED':
      return new QuoteException(QuoteErrorCode.StateNotServed);
    case 'DRIVER_TOO_YOUNG':
      return invalidField('driver.birthDate', 'tooYoung');
    case 'BIRTH_DATE_INVALID':
      return invalidField('driver.birthDate', 'invalid');
    case 'BELOW_STATE_MINIMUM':
    case 'COLLISION_WITHOUT_COMPREHENSIVE':
      return new PricingException(PricingErrorCode.CoverageNotAllowed, { reason: error.code, detail: error.message });
    default:
      return new PricingException(PricingErrorCode.NotRatable, error.field ? { field: error.field } : undefined);
  }
}
