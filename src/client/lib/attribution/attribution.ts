/** Spec §3 Marketing attribution. */
export const COOKIE_KEYS = ['utm_source', 'utm_medium', 'utm_campaign'] as const;
export const SESSION_KEYS = [...COOKIE_KEYS, 'utm_content', 'utm_term'] as const;
export type Attribution = Partial<Record<(typeof SESSION_KEYS)[number], string>>;

const COOKIE_DAYS = 30;
const MAX_LENGTH = 200;

/**
 * Reads the UTM parameters of the landing URL: the first three are kept in cookies, all five
 * in session storage (spec §3). Returns what the URL carried, or undefined when it carried none.
 */
export function captureAttribution(search: string): Attribution | undefined {
  const params = new URLSearchParams(search);
  const found: Attribution = {};
  for (const key of SESSION_KEYS) {
    const value = params.get(key);
    if (value) found[key] = value.slice(0, MAX_LENGTH);
  }
  if (Object.keys(found).length === 0) return undefined;
  for (const key of SESSION_KEYS) {
    const value = found[key];
    if (value === undefined) continue;
    try {
      window.sessionStorage.setItem(key, value);
    } catch {
      // storage disabled: the cookies and the server session still have it
    }
    if ((COOKIE_KEYS as readonly string[]).includes(key)) {
      document.cookie = `${key}=${encodeURIComponent(value)}; Max-Age=${COOKIE_DAYS * 86400}; Path=/; SameSite=Lax${location.protocol === 'https:' ? '; Secure' : ''}`;
    }
  }
  return found;
}
