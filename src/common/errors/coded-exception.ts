import type { HttpStatus } from '@nestjs/common';
import type { ApiErrorCode } from '../../shared/api/error-codes';
import { DomainException } from './domain-exception';

/**
 * A family of domain exceptions from one table of code → [message, status], so each feature
 * names its errors in one place and throws them by code.
 */
export function codedException<Code extends ApiErrorCode>(table: Record<Code, [string, HttpStatus]>) {
  return class extends DomainException {
    constructor(code: Code, extra?: unknown) {
      const [message, status] = table[code];
      super(code, message, status, extra);
    }
  };
}
