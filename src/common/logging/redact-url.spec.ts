import { redactUrl } from './redact-url';

describe(redactUrl.name, () => {
  it('leaves a URL without a query alone', () => {
    expect(redactUrl('/quote')).toBe('/quote');
  });

  it('replaces secret values and keeps the rest', () => {
    expect(redactUrl('/magic-link?code=abc123&utm_source=mail')).toBe('/magic-link?code=%5Bredacted%5D&utm_source=mail');
    expect(redactUrl('/x?TOKEN=1&sid=2')).not.toMatch(/=1|=2/);
  });

  it("replaces a share-proof link's token, its path (issue 27)", () => {
    expect(redactUrl('/proof/Abc_-123?x=1')).toBe('/proof/[redacted]?x=1');
    expect(redactUrl('/es/proof/Abc_-123')).toBe('/es/proof/[redacted]');
    expect(redactUrl('/api/policies/1/proof-links')).toBe('/api/policies/1/proof-links');
  });

  it("replaces an account deletion link's token, its path (issue 27)", () => {
    expect(redactUrl('/account/delete/Abc_-123?refused=other-account')).toBe('/account/delete/[redacted]?refused=other-account');
    expect(redactUrl('/es/account/delete/Abc_-123')).toBe('/es/account/delete/[redacted]');
    expect(redactUrl('/account/deleted')).toBe('/account/deleted');
  });
});

describe(`${redactUrl.name}: card numbers`, () => {
  it('replaces card-named parameters and any Luhn-valid number in the path or query', () => {
    expect(redactUrl('/api/x?number=4111111111111111&cvc=123&utm_source=mail')).toBe('/api/x?number=%5Bredacted%5D&cvc=%5Bredacted%5D&utm_source=mail');
    expect(redactUrl('/api/x?ref=4242%204242%204242%204242')).not.toContain('4242');
    expect(redactUrl('/api/x?ref=4242+4242+4242+4242')).not.toContain('4242');
    expect(redactUrl('/api/cards/4000-0000-0000-0002')).toBe('/api/cards/[redacted]');
  });

  it('keeps short numbers and long ones that fail the Luhn check', () => {
    expect(redactUrl('/api/x?since=1763800000001&zip=85004')).toBe('/api/x?since=1763800000001&zip=85004');
    expect(redactUrl('/quote?miles=1200')).toBe('/quote?miles=1200');
  });
});
