import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum ClaimErrorCode {
  NotFound = 'CLAIM_NOT_FOUND',
  PhotoNotFound = 'CLAIM_PHOTO_NOT_FOUND',
  PolicyNotFound = 'POLICY_NOT_FOUND',
  PolicyNotBound = 'CLAIM_POLICY_NOT_BOUND',
  VehicleUnknown = 'CLAIM_VEHICLE_UNKNOWN',
  InFuture = 'CLAIM_IN_FUTURE',
  BeforePolicy = 'CLAIM_BEFORE_POLICY',
  AfterCoverage = 'CLAIM_AFTER_COVERAGE',
  DuringLapse = 'CLAIM_DURING_LAPSE',
  VehicleNotCoveredThen = 'CLAIM_VEHICLE_NOT_COVERED_THEN',
  PhotoInvalid = 'CLAIM_PHOTO_INVALID',
  PhotoTooLarge = 'PAYLOAD_TOO_LARGE',
  TooManyPhotos = 'CLAIM_TOO_MANY_PHOTOS',
  IdempotencyKeyMissing = 'IDEMPOTENCY_KEY_MISSING',
  IdempotencyKeyInvalid = 'IDEMPOTENCY_KEY_INVALID',
  IdempotencyKeyReused = 'IDEMPOTENCY_KEY_REUSED',
  TransitionNotAllowed = 'CLAIM_TRANSITION_NOT_ALLOWED',
  StatusChanged = 'CLAIM_STATUS_CHANGED',
  SettlementNotAllowed = 'CLAIM_SETTLEMENT_NOT_ALLOWED',
  MessagesClosed = 'CLAIM_MESSAGES_CLOSED',
}

const MESSAGES: Record<ClaimErrorCode, [string, HttpStatus]> = {
  [ClaimErrorCode.NotFound]: ['There is no such claim.', HttpStatus.NOT_FOUND],
  [ClaimErrorCode.PhotoNotFound]: ['There is no such photo.', HttpStatus.NOT_FOUND],
  [ClaimErrorCode.PolicyNotFound]: ['There is no such policy.', HttpStatus.NOT_FOUND],
  [ClaimErrorCode.PolicyNotBound]: ['This policy is not in force yet: a claim can be reported once it is signed and paid.', HttpStatus.UNPROCESSABLE_ENTITY],
  [ClaimErrorCode.VehicleUnknown]: ['This car is not on the policy.', HttpStatus.BAD_REQUEST],
  [ClaimErrorCode.InFuture]: ['When it happened cannot be in the future.', HttpStatus.BAD_REQUEST],
  [ClaimErrorCode.BeforePolicy]: [
    "It happened before the policy's cover began (extra: coverStartsAt, timeZone): it is not covered by this policy.",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [ClaimErrorCode.AfterCoverage]: ['It happened after the policy ended: it is not covered by this policy.', HttpStatus.UNPROCESSABLE_ENTITY],
  [ClaimErrorCode.DuringLapse]: [
    'It happened while the policy was not in force, between its cancellation for non-payment and its reinstatement (extra: from, to, timeZone): it is not covered.',
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [ClaimErrorCode.VehicleNotCoveredThen]: [
    'This car was not on the policy on that day (it was added later, or removed before): it is not covered by this policy.',
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [ClaimErrorCode.PhotoInvalid]: ['Each photo must be a JPEG, PNG or WebP image of at most 2 MB.', HttpStatus.BAD_REQUEST],
  [ClaimErrorCode.PhotoTooLarge]: ['A photo may be at most 2 MB.', HttpStatus.PAYLOAD_TOO_LARGE],
  [ClaimErrorCode.TooManyPhotos]: ['Send at most 5 photos with a claim.', HttpStatus.BAD_REQUEST],
  [ClaimErrorCode.IdempotencyKeyMissing]: [
    'Send an Idempotency-Key header with each claim report and message; a retry sends the same.',
    HttpStatus.BAD_REQUEST,
  ],
  [ClaimErrorCode.IdempotencyKeyInvalid]: ['The Idempotency-Key header must be 8 to 255 visible characters.', HttpStatus.BAD_REQUEST],
  [ClaimErrorCode.IdempotencyKeyReused]: ['This Idempotency-Key was already used for a different report or message. Use a new key.', HttpStatus.CONFLICT],
  [ClaimErrorCode.TransitionNotAllowed]: ['A claim in this state cannot move to that one.', HttpStatus.CONFLICT],
  [ClaimErrorCode.StatusChanged]: ['Someone else changed this claim meanwhile: reload it and try again.', HttpStatus.CONFLICT],
  [ClaimErrorCode.SettlementNotAllowed]: [
    'You may not decide or pay this claim: claims are settled by an admin who did not report them (extra: reason).',
    HttpStatus.FORBIDDEN,
  ],
  [ClaimErrorCode.MessagesClosed]: [
    'This claim closed more than 60 days ago and takes no more messages (extra: until): call the claims number.',
    HttpStatus.CONFLICT,
  ],
};

export class ClaimException extends codedException(MESSAGES) {}
