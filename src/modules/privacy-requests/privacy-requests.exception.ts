import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum PrivacyRequestErrorCode {
  NotFound = 'PRIVACY_REQUEST_NOT_FOUND',
  Closed = 'PRIVACY_REQUEST_CLOSED',
  ExtendedAlready = 'PRIVACY_REQUEST_EXTENDED_ALREADY',
}

const MESSAGES: Record<PrivacyRequestErrorCode, [string, HttpStatus]> = {
  [PrivacyRequestErrorCode.NotFound]: ['There is no such privacy request.', HttpStatus.NOT_FOUND],
  [PrivacyRequestErrorCode.Closed]: ['This privacy request is answered already: its first answer stands.', HttpStatus.CONFLICT],
  [PrivacyRequestErrorCode.ExtendedAlready]: ['This privacy request was extended once already: the law allows one extension.', HttpStatus.CONFLICT],
};

export class PrivacyRequestException extends codedException(MESSAGES) {}
