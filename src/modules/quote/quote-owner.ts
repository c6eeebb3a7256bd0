import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { save } from '../session/session-data';

/**
 * Whose a quote is: a signed-in account (or the customer staff act for), else the browser's
 * session through its server-issued visitorKey. Never the anonymousId: that one is written by
 * the browser and sent to analytics vendors, so it must not unlock anything (issue 14).
 */
export type QuoteOwner = { userId: string } | { visitorKey: string };

/** The owner the request speaks for, if it speaks for anyone. */
export function quoteOwner(req: Request): QuoteOwner | undefined {
  if (req.session.userId) return { userId: req.session.userId };
  if (req.session.visitorKey) return { visitorKey: req.session.visitorKey };
  return undefined;
}

/** The owner for a new quote: a visitor's session is given its visitorKey with its first quote. */
export async function ensureQuoteOwner(req: Request): Promise<QuoteOwner> {
  const owner = quoteOwner(req);
  if (owner) return owner;
  req.session.visitorKey = randomUUID();
  await save(req);
  return { visitorKey: req.session.visitorKey };
}
