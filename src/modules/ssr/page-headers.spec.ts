import { HeaderTemplate } from '../../common/security/header-template';
import { securityHeaders } from '../../common/security/security-headers';
import { parseServicesConfig } from '../../config/parse-services-config';
import { findPage } from '../../shared/site-map';
import { pageHeaders } from './page-headers';

const fail = (message: string): never => {
  throw new Error(message);
};

describe(pageHeaders.name, () => {
  let security: HeaderTemplate;

  beforeAll(async () => {
    const config = { appEnv: 'PRODUCTION', services: parseServicesConfig({}, fail), payments: { provider: 'sandbox' } } as Parameters<
      typeof securityHeaders
    >[0];
    security = await HeaderTemplate.capture(securityHeaders(config), 'nonce-marker-test');
  });

  it('puts this response’s nonce in the policy, for scripts and styles, and nowhere the marker', () => {
    const sut = pageHeaders(findPage('/'), 'abc123==', security);
    expect(sut['content-security-policy']).toContain("script-src 'self' 'nonce-abc123=='");
    expect(sut['content-security-policy']).toContain("style-src 'self' 'nonce-abc123=='");
    expect(JSON.stringify(sut)).not.toContain('nonce-marker-test');
  });

  it('lets caches keep an open page only to revalidate it, and no cache a page behind sign-in', () => {
    expect(pageHeaders(findPage('/'), 'n', security)['cache-control']).toBe('no-cache, private');
    expect(pageHeaders(findPage('/profile'), 'n', security)['cache-control']).toBe('no-store');
    // Open, but the staff's desk once they sign in: no cache keeps it, whoever asks.
    expect(pageHeaders(findPage('/agent'), 'n', security)['cache-control']).toBe('no-store');
    expect(pageHeaders(undefined, 'n', security)['cache-control']).toBe('no-cache, private');
  });

  it('sends no Referer from the sign-in page, whose URL holds a code, and the usual policy elsewhere', () => {
    expect(pageHeaders(findPage('/magic-link'), 'n', security)['referrer-policy']).toBe('no-referrer');
    expect(pageHeaders(findPage('/login'), 'n', security)['referrer-policy']).toBe('strict-origin-when-cross-origin');
  });

  it('gives every kind of page the same header names', () => {
    const names = (headers: Record<string, string>) => Object.keys(headers).sort();
    const open = names(pageHeaders(findPage('/'), 'n', security));
    expect(open).toEqual(expect.arrayContaining(['content-type', 'vary', 'x-content-type-options', 'strict-transport-security']));
    for (const page of [findPage('/profile'), findPage('/magic-link'), undefined]) expect(names(pageHeaders(page, 'n', security))).toEqual(open);
  });
});
