import fc from 'fast-check';
import { OFF_ORIGIN_REDIRECTS } from '../../test/support/off-origin-redirects';
import { redirectFromQuery, resolveRedirect } from './safe-redirect';

const ORIGIN = 'https://www.meterly.example';

describe(resolveRedirect.name, () => {
  it.each([
    ['/quote/application', '/quote/application'],
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

describe(redirectFromQuery.name, () => {
  it('decodes the query value once', () => {
    expect(redirectFromQuery('%2Fquote%2Fapplication%3Fstep%3D2%23drivers', ORIGIN)).toBe('/quote/application?step=2#drivers');
    expect(redirectFromQuery('%2Fprofile%3Fq%3D100%2525', ORIGIN)).toBe('/profile?q=100%25');
    expect(redirectFromQuery('%2Fprofile%3Fq%3Da%2526b', ORIGIN)).toBe('/profile?q=a%26b');
  });

  it.each([...OFF_ORIGIN_REDIRECTS.map(encodeURIComponent), ...OFF_ORIGIN_REDIRECTS, '%E0%A4%A', '%2F%252F%252Fevil.test'])('refuses %p', (raw) => {
    expect(redirectFromQuery(raw, ORIGIN)).toBeUndefined();
  });

  // Issue 18: the page a visitor asked for comes back whole, however many hops check it after.
  it('keeps any page of ours through the query and every later hop', () => {
    // Pieces of a query, percent signs included; none of them spells a control character or a slash.
    const token = fc.constantFrom('a', 'b', '7', '?', '=', '&', '#', ' ', '+', '%', '%25', '%26', '%20', 'é', 'x/y', '.');
    fc.assert(
      fc.property(fc.array(token, { maxLength: 20 }), (tokens) => {
        const page = '/profile' + tokens.join('');
        const expected = new URL(page, ORIGIN);
        const target = redirectFromQuery(encodeURIComponent(page), ORIGIN);
        expect(target).toBe(expected.pathname + expected.search + expected.hash);
        // The magic-link request and the sign-in check it again, and must not change it.
        expect(resolveRedirect(resolveRedirect(target, ORIGIN), ORIGIN)).toBe(target);
      }),
      { numRuns: 500 },
    );
  });
});
