import type { Request } from 'express';
import { ensureVisitorKey, visitorKeyOf } from '../session/visitor-key';

/**
 * Whose a quote is: a signed-in account (or the customer staff act for), else the browser's
 * session through its server-issued visitorKey. Never the anonymousId: the browser writes that
 * one and analytics vendors receive it, so it must not unlock anything (issue 14).
 */
export type QuoteOwner = { userId: string } | { visitorKey: string };

/** The owner the request speaks for, if it speaks for anyone. */
export function quoteOwner(req: Request): QuoteOwner | undefined {
  if (req.session.userId) return { userId: req.session.userId };
  const visitorKey = visitorKeyOf(req);
  return visitorKey ? { visitorKey } : undefined;
}

/** The owner for a new quote: a visitor's session gets its visitorKey with its first quote. */
export async function ensureQuoteOwner(req: Request): Promise<QuoteOwner> {
  return quoteOwner(req) ?? { visitorKey: await ensureVisitorKey(req) };
}
