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
  [MilesErrorCode.ReadingBeforePolicy]: ['A reading must be dated on or after the day the policy started.', HttpStatus.UNPROCESSABLE_ENTITY],
  [MilesErrorCode.DayOutOfPolicy]: ['Only a day of the policy, up to today, can be disputed.', HttpStatus.UNPROCESSABLE_ENTITY],
};

export class MilesException extends codedException(MESSAGES) {}
