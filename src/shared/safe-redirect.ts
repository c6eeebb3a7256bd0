export const MAX_REDIRECT_LENGTH = 2048;

/**
 * Spec §5: the redirect value is decoded once and resolved against our own origin; anything
 * that would leave it (another host, a protocol-relative or backslash path, a script URL) is
 * refused. Returns the path with its search and hash, or undefined.
 */
export function resolveRedirect(value: string | null | undefined, origin: string): string | undefined {
  if (!value || value.length > MAX_REDIRECT_LENGTH) return undefined;
  let decoded: string;
  try {
    decoded = decodeURIComponent(value);
  } catch {
    return undefined;
  }
  // Browsers read "\" as "/" and drop tabs and newlines, which turns "/\evil" into "//evil".
  if (/[\\\u0000-\u001f\u007f]/.test(decoded)) return undefined;
  let url: URL;
  let own: URL;
  try {
    own = new URL(origin);
    url = new URL(decoded, own);
  } catch {
    return undefined;
  }
  if (url.origin !== own.origin) return undefined;
  // A scheme is only accepted as our own full origin ("https:evil.test" is relative on https).
  if (/^[a-z][a-z0-9+.-]*:/i.test(decoded) && !(decoded + '/').startsWith(own.origin + '/')) return undefined;
  // A same-origin URL may still have a path like "//evil.test", which as a path leaves us.
  const path = '/' + url.pathname.replace(/^\/+/, '');
  return path + url.search + url.hash;
}
