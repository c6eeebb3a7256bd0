import { createHash, randomBytes } from 'node:crypto';

/** A random code of 32 bytes, as it travels in a link (base64url, 43 characters). */
export function newSignInCode(): string {
  return randomBytes(32).toString('base64url');
}

/** What we keep instead of the code. */
export function hashSignInCode(code: string): Buffer {
  return createHash('sha256').update(code, 'utf8').digest();
}

export const SIGN_IN_CODE_PATTERN = /^[A-Za-z0-9_-]{43}$/;
