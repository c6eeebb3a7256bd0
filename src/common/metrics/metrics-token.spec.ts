import { bearerTokenCheck } from './metrics-token';

describe(bearerTokenCheck.name, () => {
  const token = 'scrape-token-0123456789-abcdefghijklmnop';

  it('matches the configured token sent as a bearer token', () => {
    const sut = bearerTokenCheck(token);
    expect([`Bearer ${token}`, `bearer ${token}`].map(sut)).toEqual([true, true]);
  });

  it('matches nothing else: another token, a prefix, another scheme, no header', () => {
    const sut = bearerTokenCheck(token);
    expect([`Bearer ${token}x`, `Bearer ${token.slice(0, -1)}`, `Basic ${token}`, token, 'Bearer ', '', undefined].map(sut)).toEqual([
      false,
      false,
      false,
      false,
      false,
      false,
      false,
    ]);
  });

  it('matches nothing when no token is configured', () => {
    expect(bearerTokenCheck(undefined)('Bearer ')).toBe(false);
    expect(bearerTokenCheck(undefined)('Bearer undefined')).toBe(false);
  });
});
