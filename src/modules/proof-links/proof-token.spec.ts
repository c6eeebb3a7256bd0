import { newProofToken, proofTokenHash } from './proof-token';

describe('share-proof tokens (issue 27)', () => {
  it('makes a 43-character base64url token whose hash is the one kept', () => {
    const { token, hash } = newProofToken();
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(hash).toHaveLength(32);
    expect(proofTokenHash(token)?.equals(hash)).toBe(true);
    expect(newProofToken().token).not.toBe(token);
  });

  it('finds no hash for anything that is not a token of ours in shape', () => {
    const { token } = newProofToken();
    expect(proofTokenHash(token.slice(1))).toBeUndefined();
    expect(proofTokenHash(`${token}A`)).toBeUndefined();
    expect(proofTokenHash(`${token.slice(0, 42)}+`)).toBeUndefined();
    expect(proofTokenHash('')).toBeUndefined();
    // The last character carries 2 bits past the 32 bytes: only the canonical spelling is a token.
    const last = token[42];
    const other = [...'ABCDEFGHIJKLMNOPQRSTUVWXYZ'].find(
      (c) => c !== last && Buffer.from(`${token.slice(0, 42)}${c}`, 'base64url').equals(Buffer.from(token, 'base64url')),
    );
    if (other) expect(proofTokenHash(`${token.slice(0, 42)}${other}`)).toBeUndefined();
  });
});
