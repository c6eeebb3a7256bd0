import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../../common/errors/coded-exception';

export enum PolicyChangeErrorCode {
  NotFound = 'CHANGE_NOT_FOUND',
  DateInvalid = 'CHANGE_DATE_INVALID',
  StateNotSold = 'CHANGE_STATE_NOT_SOLD',
  OutOfDate = 'CHANGE_OUT_OF_DATE',
  ConfirmationByCustomer = 'CHANGE_CONFIRMATION_BY_CUSTOMER',
  NothingChanges = 'CHANGE_NOTHING_CHANGES',
  VehicleInvalid = 'CHANGE_VEHICLE_INVALID',
  DriverInvalid = 'CHANGE_DRIVER_INVALID',
  LimitReached = 'CHANGE_LIMIT_REACHED',
  VehicleOnly = 'CHANGE_VEHICLE_ONLY',
  LaterChangeConflicts = 'CHANGE_CONFLICTS_WITH_LATER',
}

const MESSAGES: Record<PolicyChangeErrorCode, [string, HttpStatus]> = {
  [PolicyChangeErrorCode.NotFound]: ['There is no such change to this policy.', HttpStatus.NOT_FOUND],
  [PolicyChangeErrorCode.DateInvalid]: ['Choose a date for the change from today to the last day of the current billing period.', HttpStatus.BAD_REQUEST],
  [PolicyChangeErrorCode.StateNotSold]: [
    "We don't sell Meterly in that state yet, so the car can't be kept there on this policy. Nothing was changed.",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [PolicyChangeErrorCode.OutOfDate]: [
    'This price is no longer current: the policy changed, a newer price replaced it, its date has passed, or its agent of record changed. Price the change again.',
    HttpStatus.CONFLICT,
  ],
  [PolicyChangeErrorCode.ConfirmationByCustomer]: ['Only the customer can confirm a change to their policy.', HttpStatus.FORBIDDEN],
  [PolicyChangeErrorCode.NothingChanges]: ['This is what the policy already has: there is nothing to change.', HttpStatus.BAD_REQUEST],
  [PolicyChangeErrorCode.VehicleInvalid]: ['There is no such car on this policy.', HttpStatus.BAD_REQUEST],
  [PolicyChangeErrorCode.DriverInvalid]: [
    'There is no such driver on this policy. The named insured stays on it; remove other drivers only.',
    HttpStatus.BAD_REQUEST,
  ],
  [PolicyChangeErrorCode.LimitReached]: ['A policy covers at most four cars and four drivers.', HttpStatus.CONFLICT],
  [PolicyChangeErrorCode.VehicleOnly]: [
    'A policy keeps at least one car, and this is its only one. To swap it for another car, replace it.',
    HttpStatus.CONFLICT,
  ],
  [PolicyChangeErrorCode.LaterChangeConflicts]: [
    'A change already booked for a later day no longer fits on top of this one (it changes the same car or driver). Nothing was changed: price this change from that later day, or call us to undo the later one.',
    HttpStatus.CONFLICT,
  ],
};

export class PolicyChangeException extends codedException(MESSAGES) {}
