import { OFF_ORIGIN_REDIRECTS } from '../../test/support/off-origin-redirects';
import { resolveRedirect } from './safe-redirect';

const ORIGIN = 'https://www.meterly.example';

describe(resolveRedirect.name, () => {
  it.each([
    ['/quote/application', '/quote/application'],
    ['%2Fquote%2Fapplication%3Fstep%3D2%23drivers', '/quote/application?step=2#drivers'],
    ['/es/profile?tab=miles#june', '/es/profile?tab=miles#june'],
    ['https://www.meterly.example/profile', '/profile'],
    ['profile', '/profile'],
  ])('keeps %s on our origin as %s', (value, expected) => {
    expect(resolveRedirect(value, ORIGIN)).toBe(expected);
  });

  it.each([
    ...OFF_ORIGIN_REDIRECTS,
    'http://www.meterly.example/profile',
    'JaVaScRiPt:alert(1)',
    'data:text/html,<script>alert(1)</script>',
    '/\tevil',
    '%E0%A4%A',
    '',
    null,
    undefined,
  ])('refuses %p', (value) => {
    expect(resolveRedirect(value, ORIGIN)).toBeUndefined();
  });

  it('never returns a path that starts with two slashes', () => {
    expect(resolveRedirect('https://www.meterly.example//evil.test/x', ORIGIN)).toBe('/evil.test/x');
  });
});
