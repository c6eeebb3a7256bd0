import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { save } from './session-data';

/**
 * The key of what a visitor's session made before sign-in (quotes, cookie decisions). The
 * server issues it and keeps it in the session: it is never shown to the browser nor sent to
 * a vendor, so only the session's cookie reaches that data. The anonymousId, which the browser
 * writes and analytics receive, unlocks nothing (issue 14).
 */
export function visitorKeyOf(req: Request): string | undefined {
  return req.session?.visitorKey;
}

/** The session's visitorKey, issued (and the session saved) on first need. */
export async function ensureVisitorKey(req: Request): Promise<string> {
  if (req.session.visitorKey) return req.session.visitorKey;
  req.session.visitorKey = randomUUID();
  await save(req);
  return req.session.visitorKey;
}
