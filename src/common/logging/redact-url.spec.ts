import { redactUrl } from './redact-url';

describe(redactUrl.name, () => {
  it('leaves a URL without a query alone', () => {
    expect(redactUrl('/quote')).toBe('/quote');
  });

  it('replaces secret values and keeps the rest', () => {
    expect(redactUrl('/magic-link?code=abc123&utm_source=mail')).toBe(
      '/magic-link?code=%5Bredacted%5D&utm_source=mail',
    );
    expect(redactUrl('/x?TOKEN=1&sid=2')).not.toMatch(/=1|=2/);
  });
});
