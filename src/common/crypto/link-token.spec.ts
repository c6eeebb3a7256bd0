import { linkTokenHash, newLinkToken } from './link-token';

describe('single-use link tokens (share-proof links, household invitations, deletion links: issue 27)', () => {
  it('makes a 43-character base64url token whose hash is the one kept', () => {
    const { token, hash } = newLinkToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toHaveLength(32);
    expect(linkTokenHash(token)?.equals(hash)).toBe(true);
    expect(newLinkToken().token).not.toBe(token);
  });

  it('finds no hash for anything that is not a token of ours in shape', () => {
    const { token } = newLinkToken();
    expect(linkTokenHash(token.slice(1))).toBeUndefined();
    expect(linkTokenHash(`${token}A`)).toBeUndefined();
    expect(linkTokenHash(`${token.slice(0, 42)}+`)).toBeUndefined();
    expect(linkTokenHash('')).toBeUndefined();
    expect(linkTokenHash(undefined)).toBeUndefined();
    expect(linkTokenHash(42)).toBeUndefined();
    // The last character carries 2 bits past the 32 bytes: only the canonical spelling is a token.
    const last = token[42];
    const other = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find(
      (c) => c !== last && Buffer.from(`${token.slice(0, 42)}${c}`, 'base64url').equals(Buffer.from(token, 'base64url')),
    );
    if (other) expect(linkTokenHash(`${token.slice(0, 42)}${other}`)).toBeUndefined();
  });
});
