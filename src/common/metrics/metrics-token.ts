import { createHash, timingSafeEqual } from 'node:crypto';

const digest = (value: string) => createHash('sha256').update(value).digest();

/**
 * Whether an Authorization header carries METRICS_TOKEN as a bearer token. Compared as SHA-256
 * digests in constant time: equal lengths whatever was sent, and no early exit a stopwatch could
 * read the token from. No token configured: nothing matches.
 */
export function bearerTokenCheck(token: string | undefined): (authorization: string | undefined) => boolean {
  if (!token) return () => false;
  const expected = digest(token);
  return (authorization) => {
    const sent = /^Bearer +(\S+) *$/i.exec(authorization ?? '')?.[1];
    return sent !== undefined && timingSafeEqual(digest(sent), expected);
  };
}
