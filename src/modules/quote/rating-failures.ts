import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';
import { invalidField } from './quote-problems';
import { QuoteErrorCode, QuoteException } from './quote.exception';
import type { DomainException } from '../../common/errors/domain-exception';
import type { DeclineReason } from './eligibility/underwriting';
import type { RatingError } from './rating/rating-error';

export enum PricingErrorCode {
  Declined = 'QUOTE_DECLINED',
  CoverageNotAllowed = 'COVERAGE_NOT_ALLOWED',
  NotRatable = 'NOT_RATABLE',
  /** Before binding: a select/reject question of the state not answered (extra.coverages names them). */
  ChoiceRequired = 'COVERAGE_CHOICE_REQUIRED',
  /** Before binding: coverage saved earlier that the state's rules in force no longer allow. */
  BelowStateRules = 'COVERAGE_BELOW_STATE_RULES',
  /** An answer that says the opposite of the coverage ("reject" with the coverage bought). */
  ChoiceConflict = 'COVERAGE_CHOICE_CONFLICT',
}

const MESSAGES: Record<PricingErrorCode, [string, HttpStatus]> = {
  [PricingErrorCode.Declined]: [
    "We can't offer a price online for this driving record. Call us and an agent will look at it with you.",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [PricingErrorCode.CoverageNotAllowed]: ['That coverage cannot be sold in this state.', HttpStatus.UNPROCESSABLE_ENTITY],
  [PricingErrorCode.NotRatable]: ['We cannot price these answers. Please check them.', HttpStatus.BAD_REQUEST],
  [PricingErrorCode.ChoiceRequired]: ['Your state asks you to select or reject some coverages before we can issue the policy.', HttpStatus.CONFLICT],
  [PricingErrorCode.BelowStateRules]: ['This coverage is below what your state requires. Review your coverage before paying.', HttpStatus.CONFLICT],
  [PricingErrorCode.ChoiceConflict]: ['A select or reject answer does not match the coverage chosen.', HttpStatus.BAD_REQUEST],
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
    case 'NOT_OFFERED_IN_STATE':
    case 'COLLISION_WITHOUT_COMPREHENSIVE':
      return new PricingException(PricingErrorCode.CoverageNotAllowed, { reason: error.code, detail: error.message });
    default:
      return new PricingException(PricingErrorCode.NotRatable, error.field ? { field: error.field } : undefined);
  }
}
