import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum AdminErrorCode {
  SessionNotFound = 'SESSION_NOT_FOUND',
}

const MESSAGES: Record<AdminErrorCode, [string, HttpStatus]> = {
  [AdminErrorCode.SessionNotFound]: ['That session has ended already, or it is not one of this user’s own.', HttpStatus.NOT_FOUND],
};

export class AdminException extends codedException(MESSAGES) {}
