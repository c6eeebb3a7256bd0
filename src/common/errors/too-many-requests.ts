import { HttpStatus } from '@nestjs/common';
import { DomainException } from './domain-exception';

/** 429 TOO_MANY_REQUESTS with the seconds to wait, in the body and as Retry-After. */
export class TooManyRequests extends DomainException {
  constructor(retryAfterSeconds: number, message: string) {
    super('TOO_MANY_REQUESTS', message, HttpStatus.TOO_MANY_REQUESTS, { retryAfterSeconds });
    this.headers = { 'Retry-After': String(retryAfterSeconds) };
  }
}
