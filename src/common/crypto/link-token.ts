import { createHash, randomBytes } from 'node:crypto';

/** A token's bytes: 32 random ones (256 bits), so a link cannot be guessed. */
const TOKEN_BYTES = 32;

/** A token as it appears in a link: 32 bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/**
 * A new single-use link's token (shown or mailed once) and the hash kept in its place: a
 * share-proof link, a household invitation, an account deletion's confirmation. The database
 * never holds a token that works.
 */
export function newLinkToken(): { token: string; hash: Buffer } {
  const bytes = randomBytes(TOKEN_BYTES);
  return { token: bytes.toString('base64url'), hash: hashOf(bytes) };
}

/** The hash a link's token is looked up by; undefined for anything that is not a token of ours in shape. */
export function linkTokenHash(token: unknown): Buffer | undefined {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  // 43 characters carry 258 bits: only the canonical spelling of 32 bytes is a token.
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return undefined;
  return hashOf(bytes);
}

function hashOf(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
