import { randomInt } from 'node:crypto';

// Crockford's base 32 without I, L, O and U: easy to read out on the phone.
const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';

/** A quote's public reference, e.g. "MQ-7K3M9P2X" (40 bits: collisions are retried). */
export function newQuoteReference(): string {
  let code = '';
  for (let i = 0; i < 8; i++) code += ALPHABET[randomInt(ALPHABET.length)];
  return `MQ-${code}`;
}
