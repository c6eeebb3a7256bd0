import { freshCspNonce } from './csp-nonce';

describe('freshCspNonce', () => {
  it('gives 16 bytes in base64, never the same twice across many pool refills', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 5000; i++) {
      const nonce = freshCspNonce();
      expect(Buffer.from(nonce, 'base64')).toHaveLength(16);
      seen.add(nonce);
    }
    expect(seen.size).toBe(5000);
  });
});
