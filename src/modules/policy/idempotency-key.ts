import { PolicyErrorCode, PolicyException } from './policy.exception';

const KEY_SHAPE = /^[\x21-\x7e]{8,255}$/;

/** The Idempotency-Key header, required and well formed. */
export function idempotencyKeyOf(header: string | string[] | undefined): string {
  if (header === undefined || header === '') throw new PolicyException(PolicyErrorCode.IdempotencyKeyMissing);
  if (Array.isArray(header) || !KEY_SHAPE.test(header)) throw new PolicyException(PolicyErrorCode.IdempotencyKeyInvalid);
  return header;
}
