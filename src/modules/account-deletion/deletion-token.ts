import { createHash, randomBytes } from 'node:crypto';

/** A token's bytes: 32 random ones (256 bits), so a link cannot be guessed. */
const TOKEN_BYTES = 32;
/** A token as it appears in a link: 32 bytes in base64url, 43 characters. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{43}$/;

/** A new deletion link's token (mailed once) and the hash kept in its place (as share-proof links keep theirs). */
export function newDeletionToken(): { token: string; hash: Buffer } {
  const bytes = randomBytes(TOKEN_BYTES);
  return { token: bytes.toString('base64url'), hash: hashOf(bytes) };
}

/** The hash a token is looked up by; undefined for anything that is not a token of ours in shape. */
export function deletionTokenHash(token: unknown): Buffer | undefined {
  if (typeof token !== 'string' || !TOKEN_SHAPE.test(token)) return undefined;
  const bytes = Buffer.from(token, 'base64url');
  if (bytes.length !== TOKEN_BYTES || bytes.toString('base64url') !== token) return undefined;
  return hashOf(bytes);
}

function hashOf(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
