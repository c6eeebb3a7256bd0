import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum MilesErrorCode {
  DeviceTokenInvalid = 'DEVICE_TOKEN_INVALID',
  DeviceNotFound = 'DEVICE_NOT_FOUND',
  VehicleUnknown = 'VEHICLE_UNKNOWN',
  OdometerWentDown = 'ODOMETER_WENT_DOWN',
  ReadingInFuture = 'READING_IN_FUTURE',
  PhotoInvalid = 'PHOTO_INVALID',
  RangeInvalid = 'RANGE_INVALID',
  DisputeExists = 'DISPUTE_EXISTS',
  ReadingBeforePolicy = 'READING_BEFORE_POLICY',
  DayOutOfPolicy = 'DAY_OUT_OF_POLICY',
  DisputeNotFound = 'DISPUTE_NOT_FOUND',
  DisputeDecided = 'DISPUTE_DECIDED',
  DecisionMilesRequired = 'DECISION_MILES_REQUIRED',
  DecisionMilesOnReject = 'DECISION_MILES_ON_REJECT',
  ReadingNotFound = 'READING_NOT_FOUND',
  PhotoNotFound = 'PHOTO_NOT_FOUND',
  TripNotFound = 'TRIP_NOT_FOUND',
}

const MESSAGES: Record<MilesErrorCode, [string, HttpStatus]> = {
  [MilesErrorCode.DeviceTokenInvalid]: ['Sign in to the app again: this device is not signed in.', HttpStatus.UNAUTHORIZED],
  [MilesErrorCode.DeviceNotFound]: ['There is no such device.', HttpStatus.NOT_FOUND],
  [MilesErrorCode.VehicleUnknown]: ['This car is not on an active policy of yours.', HttpStatus.NOT_FOUND],
  [MilesErrorCode.OdometerWentDown]: ['This reading is lower than the one before it. Check the odometer and try again.', HttpStatus.UNPROCESSABLE_ENTITY],
  [MilesErrorCode.ReadingInFuture]: ['A reading cannot be dated in the future.', HttpStatus.BAD_REQUEST],
  [MilesErrorCode.PhotoInvalid]: ['The photo must be a JPEG or PNG image of at most 2 MB.', HttpStatus.BAD_REQUEST],
  [MilesErrorCode.RangeInvalid]: ['Ask for a range of at most 366 days, from a day to a later one (YYYY-MM-DD).', HttpStatus.BAD_REQUEST],
  [MilesErrorCode.DisputeExists]: ['This day is already disputed.', HttpStatus.CONFLICT],
  [MilesErrorCode.ReadingBeforePolicy]: [
    "A reading must be dated on or after the moment the policy's cover (or this car's on it) began (extra: coverStartsAt, timeZone).",
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [MilesErrorCode.DayOutOfPolicy]: [
    'Only a day this car was on the policy, from the day its cover began up to today, can be disputed (extra: coverStartsAt, timeZone).',
    HttpStatus.UNPROCESSABLE_ENTITY,
  ],
  [MilesErrorCode.DisputeNotFound]: ['There is no such dispute.', HttpStatus.NOT_FOUND],
  [MilesErrorCode.DisputeDecided]: ['This dispute has already been decided.', HttpStatus.CONFLICT],
  [MilesErrorCode.DecisionMilesRequired]: ["To accept a dispute, give the day's miles to bill (0 to 1,000).", HttpStatus.BAD_REQUEST],
  [MilesErrorCode.DecisionMilesOnReject]: ['A rejected dispute keeps the miles we measured: send no miles with it.', HttpStatus.BAD_REQUEST],
  [MilesErrorCode.ReadingNotFound]: ['There is no such reading.', HttpStatus.NOT_FOUND],
  [MilesErrorCode.PhotoNotFound]: ['There is no such photo.', HttpStatus.NOT_FOUND],
  [MilesErrorCode.TripNotFound]: ['There is no such trip on this policy.', HttpStatus.NOT_FOUND],
};

export class MilesException extends codedException(MESSAGES) {}
