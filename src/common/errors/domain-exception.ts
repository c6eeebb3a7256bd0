import { HttpStatus } from '@nestjs/common';
import type { ApiErrorCode } from '../../shared/api/error-codes';

/**
 * A rule of ours was broken. Carries a stable code; the HTTP status is chosen in one place
 * (the global exception filter) from the status the exception names.
 */
export class DomainException extends Error {
  /** Headers the answer carries (Retry-After on a 429, say). */
  headers: Record<string, string> = {};
  /** Which input fields were wrong, by path, each with its message (answered as `error.fields`). */
  fields?: Record<string, string>;

  constructor(
    readonly code: ApiErrorCode,
    message: string,
    readonly status: HttpStatus = HttpStatus.BAD_REQUEST,
    readonly extra?: unknown,
  ) {
    super(message);
    this.name = 'DomainException';
  }
}
