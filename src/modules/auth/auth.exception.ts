import { HttpStatus } from '@nestjs/common';
import { codedException } from '../../common/errors/coded-exception';

export enum AuthErrorCode {
  InvalidRedirect = 'INVALID_REDIRECT',
  CodeUnknown = 'CODE_UNKNOWN',
  CodeExpired = 'CODE_EXPIRED',
  CodeUsed = 'CODE_USED',
  CodeSuperseded = 'CODE_SUPERSEDED',
  TooManyRequests = 'TOO_MANY_REQUESTS',
  LinkRecentlySent = 'LINK_RECENTLY_SENT',
  NotSignedIn = 'NOT_SIGNED_IN',
  StaffInactive = 'STAFF_INACTIVE',
  StaffOnly = 'STAFF_ONLY',
  AdminOnly = 'ADMIN_ONLY',
}

const MESSAGES: Record<AuthErrorCode, [string, HttpStatus]> = {
  [AuthErrorCode.InvalidRedirect]: ['The redirect must be a page of this site.', HttpStatus.BAD_REQUEST],
  [AuthErrorCode.CodeUnknown]: ['This sign-in link is not valid. Ask for a new one.', HttpStatus.BAD_REQUEST],
  [AuthErrorCode.CodeExpired]: ['This sign-in link has expired. Ask for a new one.', HttpStatus.UNAUTHORIZED],
  [AuthErrorCode.CodeUsed]: ['This sign-in link was already used. Ask for a new one.', HttpStatus.UNAUTHORIZED],
  [AuthErrorCode.CodeSuperseded]: ['A newer sign-in link was sent; use the latest e-mail.', HttpStatus.UNAUTHORIZED],
  [AuthErrorCode.TooManyRequests]: ['Too many attempts. Please wait and try again.', HttpStatus.TOO_MANY_REQUESTS],
  [AuthErrorCode.LinkRecentlySent]: ['We just sent a link to this address. Please wait before asking for another.', HttpStatus.TOO_MANY_REQUESTS],
  [AuthErrorCode.NotSignedIn]: ['Please sign in first.', HttpStatus.UNAUTHORIZED],
  [AuthErrorCode.StaffInactive]: ['This staff account is no longer active. Please contact your agency.', HttpStatus.FORBIDDEN],
  [AuthErrorCode.StaffOnly]: ['Only agents and admins can do this.', HttpStatus.FORBIDDEN],
  [AuthErrorCode.AdminOnly]: ['Only admins can do this.', HttpStatus.FORBIDDEN],
};

export class AuthException extends codedException(MESSAGES) {}

/** 429 with the seconds to wait, which the controller also sends as Retry-After. */
export class TooManyRequestsException extends AuthException {
  constructor(readonly retryAfterSeconds: number) {
    super(AuthErrorCode.TooManyRequests, { retryAfterSeconds });
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
    this.message = `Too many attempts. Please try again in ${describeWait(retryAfterSeconds)}.`;
  }
}

/**
 * 429: a link went to this address moments ago (one a minute, five an hour, whoever asks).
 * Said as such, with the seconds to wait, since it is true of any address, known or not.
 */
export class LinkRecentlySentException extends AuthException {
  constructor(readonly retryAfterSeconds: number) {
    super(AuthErrorCode.LinkRecentlySent, { retryAfterSeconds });
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
    this.message = `We just sent a link to this address. You can ask for another in ${describeWait(retryAfterSeconds)}.`;
  }
}

function describeWait(seconds: number): string {
  if (seconds < 90) return `${seconds} seconds`;
  return `${Math.ceil(seconds / 60)} minutes`;
}
