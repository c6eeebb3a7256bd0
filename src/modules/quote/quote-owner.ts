import { randomUUID } from 'node:crypto';
import type { Request } from 'express';
import { save } from '../session/session-data';

/** Whose a quote is: a signed-in account (or the customer staff act for), else a browser. */
export type QuoteOwner = { userId: string } | { anonymousId: string };

/** The owner the request speaks for, if it speaks for anyone. */
export function quoteOwner(req: Request): QuoteOwner | undefined {
  if (req.session.userId) return { userId: req.session.userId };
  if (req.session.anonymousId) return { anonymousId: req.session.anonymousId };
  return undefined;
}

/**
 * The owner for a new quote. A browser that has not yet told us its anonymousId (it does so on
 * its first page load) is given one here, so a quote is never left without an owner.
 */
export async function ensureQuoteOwner(req: Request): Promise<QuoteOwner> {
  const owner = quoteOwner(req);
  if (owner) return owner;
  req.session.anonymousId = randomUUID();
  await save(req);
  return { anonymousId: req.session.anonymousId };
}
