import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum PolicyErrorCode {
  IdempotencyKeyMissing = 'IDEMPOTENCY_KEY_MISSING',
  IdempotencyKeyInvalid = 'IDEMPOTENCY_KEY_INVALID',
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  PurchaseInProgress = 'PURCHASE_IN_PROGRESS',
  PriceChanged = 'PRICE_CHANGED',
  StartDateInvalid = 'START_DATE_INVALID',
  SignatureRequired = 'SIGNATURE_REQUIRED',
  NotFound = 'POLICY_NOT_FOUND',
  NotPending = 'POLICY_NOT_PENDING',
  NotBound = 'POLICY_NOT_BOUND',
  Cancelled = 'POLICY_CANCELLED',
  NotActive = 'POLICY_NOT_ACTIVE',
  CancelDateInvalid = 'CANCEL_DATE_INVALID',
  ConfirmationByCustomer = 'CONFIRMATION_BY_CUSTOMER',
  UnderwritingIncomplete = 'UNDERWRITING_INCOMPLETE',
  RejectionNotAcknowledged = 'REJECTION_NOT_ACKNOWLEDGED',
  CoverEnded = 'POLICY_COVER_ENDED',
  NotCancelled = 'POLICY_NOT_CANCELLED',
  NotReinstatable = 'REINSTATEMENT_NOT_OFFERED',
  NoLossStatementRequired = 'NO_LOSS_STATEMENT_REQUIRED',
  ReinstatementUnpaid = 'REINSTATEMENT_UNPAID',
  ReinstatementInProgress = 'REINSTATEMENT_IN_PROGRESS',
}

const MESSAGES: Record<PolicyErrorCode, [string, HttpStatus]> = {
  [PolicyErrorCode.IdempotencyKeyMissing]: ['Send an Idempotency-Key header with each purchase attempt.', HttpStatus.BAD_REQUEST],
  [PolicyErrorCode.IdempotencyKeyInvalid]: ['The Idempotency-Key header must be 8 to 255 visible characters.', HttpStatus.BAD_REQUEST],
  [PolicyErrorCode.IdempotencyKeyReused]: ['This Idempotency-Key was already used for a different purchase. Use a new key.', HttpStatus.CONFLICT],
  [PolicyErrorCode.PurchaseInProgress]: ['This quote is being bought in another window. Wait a moment and try again.', HttpStatus.CONFLICT],
  [PolicyErrorCode.PriceChanged]: ['The price of this policy has changed. Review the coverage and its new price before paying.', HttpStatus.CONFLICT],
  [PolicyErrorCode.StartDateInvalid]: ['The policy must start today or within the next 30 days.', HttpStatus.BAD_REQUEST],
  [PolicyErrorCode.SignatureRequired]: ['Agree to the terms and sign with your full name.', HttpStatus.BAD_REQUEST],
  [PolicyErrorCode.NotFound]: ['There is no such policy.', HttpStatus.NOT_FOUND],
  [PolicyErrorCode.NotPending]: ['This policy is not waiting for your confirmation.', HttpStatus.CONFLICT],
  [PolicyErrorCode.NotBound]: ['This policy is waiting for the customer to confirm it; its ID card comes once it is bound.', HttpStatus.CONFLICT],
  [PolicyErrorCode.Cancelled]: ['This policy is already cancelled.', HttpStatus.CONFLICT],
  [PolicyErrorCode.NotActive]: ['Only an active policy can change this.', HttpStatus.CONFLICT],
  [PolicyErrorCode.CancelDateInvalid]: ['Choose a cancellation date from today to the end of the policy term.', HttpStatus.BAD_REQUEST],
  [PolicyErrorCode.ConfirmationByCustomer]: ['Only the customer can confirm and sign their policy.', HttpStatus.FORBIDDEN],
  [PolicyErrorCode.RejectionNotAcknowledged]: [
    'Your agent turned down a coverage for you. Read each coverage turned down and tick its box to sign it, then confirm again. Nothing was charged.',
    HttpStatus.BAD_REQUEST,
  ],
  [PolicyErrorCode.UnderwritingIncomplete]: [
    "This policy lacks a car's VIN or a driver's license, so it cannot be issued. Nothing was charged; your agent will complete it with you.",
    HttpStatus.CONFLICT,
  ],
  [PolicyErrorCode.CoverEnded]: [
    "This policy's cover has ended, so its ID card is no longer proof of insurance. The cancellation notice says when and why it ended.",
    HttpStatus.GONE,
  ],
  [PolicyErrorCode.NotCancelled]: ['This policy is not cancelled: it has no cancellation notice.', HttpStatus.CONFLICT],
  [PolicyErrorCode.NotReinstatable]: [
    'This policy cannot be reinstated online: only a policy cancelled for non-payment can be, within 14 days of its last covered day and before its term ends (extra: lastDay, when that window has closed).',
    HttpStatus.CONFLICT,
  ],
  [PolicyErrorCode.NoLossStatementRequired]: [
    'Confirm that no accident, damage or loss involving your cars has happened since your cover ended: cover resumes only with that statement.',
    HttpStatus.BAD_REQUEST,
  ],
  [PolicyErrorCode.ReinstatementUnpaid]: [
    'The amount owed could not be charged to your card, so the policy is not reinstated (extra: balanceCents, what is still owed). Update your card and try again.',
    HttpStatus.PAYMENT_REQUIRED,
  ],
  [PolicyErrorCode.ReinstatementInProgress]: [
    'A payment for this policy is going through in another window: reload the page in a moment to see whether it is reinstated.',
    HttpStatus.CONFLICT,
  ],
};

export class PolicyException extends codedException(MESSAGES) {}
