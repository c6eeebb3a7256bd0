import { ConfigError, parseAppConfig } from './parse-app-config';

describe('The network settings (HOST, TRUSTED_PROXIES, METRICS_TOKEN)', () => {
  it('listens on loopback, trusts no proxy and takes no metrics token by default', () => {
    expect(parseAppConfig({})).toMatchObject({ host: '127.0.0.1', trustedProxies: [], metricsToken: undefined });
  });

  it('reads HOST as an address to listen on, brackets or not', () => {
    expect(parseAppConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
    expect(parseAppConfig({ HOST: '[::]' }).host).toBe('::');
    expect(parseAppConfig({ HOST: 'localhost' }).host).toBe('localhost');
  });

  it('reads TRUSTED_PROXIES as the names, addresses and networks Express trusts', () => {
    expect(parseAppConfig({ TRUSTED_PROXIES: 'loopback, 10.0.0.0/8,::1, uniquelocal' }).trustedProxies).toEqual([
      'loopback',
      '10.0.0.0/8',
      '::1',
      'uniquelocal',
    ]);
  });

  it('refuses a hop count with one line pointing to TRUSTED_PROXIES, and takes 0 (no proxy) as the default it always was', () => {
    expect(() => parseAppConfig({ TRUST_PROXY_HOPS: '1' })).toThrow(ConfigError);
    expect(() => parseAppConfig({ TRUST_PROXY_HOPS: '1' })).toThrow(
      'TRUST_PROXY_HOPS is no longer read: name the proxies by address in TRUSTED_PROXIES instead (loopback, 10.0.0.0/8, …)',
    );
    expect(parseAppConfig({ TRUST_PROXY_HOPS: '0' }).trustedProxies).toEqual([]);
  });

  it.each([
    [{ HOST: 'meterly.example' }, 'HOST must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::) or localhost, got "meterly.example"'],
    [
      { TRUSTED_PROXIES: 'loopback,proxy.internal' },
      'TRUSTED_PROXIES must be a comma-separated list of addresses, CIDRs or loopback/linklocal/uniquelocal, got "proxy.internal"',
    ],
    [{ TRUSTED_PROXIES: '10.0.0.0/33' }, /^TRUSTED_PROXIES must be .* got "10.0.0.0\/33"$/],
    [{ METRICS_TOKEN: 'short' }, 'METRICS_TOKEN must be 32 or more visible characters, without spaces'],
    [{ METRICS_TOKEN: `${'x'.repeat(20)} ${'y'.repeat(20)}` }, 'METRICS_TOKEN must be 32 or more visible characters, without spaces'],
  ])('refuses %j with one readable line', (env, message) => {
    expect(() => parseAppConfig(env)).toThrow(ConfigError);
    expect(() => parseAppConfig(env)).toThrow(message);
  });

  it('keeps a metrics token of 32 characters or more', () => {
    expect(parseAppConfig({ METRICS_TOKEN: 'm'.repeat(40) }).metricsToken).toBe('m'.repeat(40));
  });
});
