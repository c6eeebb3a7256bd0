import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum OnBehalfErrorCode {
  CredentialWhileOnBehalf = 'CREDENTIAL_WHILE_ON_BEHALF',
}

const MESSAGES: Record<OnBehalfErrorCode, [string, HttpStatus]> = {
  [OnBehalfErrorCode.CredentialWhileOnBehalf]: [
    'This cannot be done while you act for a customer. The customer can do it from their own account.',
    HttpStatus.FORBIDDEN,
  ],
};

export class OnBehalfException extends codedException(MESSAGES) {}
