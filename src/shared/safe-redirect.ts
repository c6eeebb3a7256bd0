export const MAX_REDIRECT_LENGTH = 2048;

/**
 * Spec §5: the `redirect` query value is decoded once, where it enters (the page that reads it
 * from the URL). Undefined when absent, too long or not valid percent-encoding.
 */
export function decodeRedirectParam(raw: string | null | undefined): string | undefined {
  if (!raw || raw.length > MAX_REDIRECT_LENGTH * 3) return undefined;
  try {
    return decodeURIComponent(raw);
  } catch {
    return undefined;
  }
}

/**
 * Every hop after the first checks, and never decodes again: decoding at each hop turned
 * `/profile?q=100%25` into `/profile?q=100%`. Anything that would leave our origin (another
 * host, a protocol-relative or backslash path, a script URL) is refused, and so is a value that
 * would leave once decoded again, in case some later reader does. Returns the path with its
 * search and hash, or undefined.
 */
export function resolveRedirect(value: string | null | undefined, origin: string): string | undefined {
  if (!value || value.length > MAX_REDIRECT_LENGTH) return undefined;
  const path = sameOriginPath(value, origin);
  if (path === undefined) return undefined;
  const decodedAgain = decodeRedirectParam(value);
  if (decodedAgain !== undefined && decodedAgain !== value && sameOriginPath(decodedAgain, origin) === undefined) return undefined;
  return path;
}

/** The `redirect` query value as it stands in the URL, decoded once and checked. */
export function redirectFromQuery(raw: string | null | undefined, origin: string): string | undefined {
  return resolveRedirect(decodeRedirectParam(raw), origin);
}

function sameOriginPath(value: string, origin: string): string | undefined {
  // Browsers read "\" as "/" and drop tabs and newlines, which turns "/\evil" into "//evil".
  // eslint-disable-next-line no-control-regex -- refusing control characters is what this expression is for
  if (/[\\\u0000-\u001f\u007f]/.test(value)) return undefined;
  let url: URL;
  let own: URL;
  try {
    own = new URL(origin);
    url = new URL(value, own);
  } catch {
    return undefined;
  }
  if (url.origin !== own.origin) return undefined;
  // A scheme is only accepted as our own full origin ("https:evil.test" is relative on https).
  if (/^[a-z][a-z0-9+.-]*:/i.test(value) && !(value + '/').startsWith(own.origin + '/')) return undefined;
  // A same-origin URL may still have a path like "//evil.test", which as a path leaves us.
  const path = '/' + url.pathname.replace(/^\/+/, '');
  return path + url.search + url.hash;
}
