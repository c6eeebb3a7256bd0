import type { Actor, SessionWriter } from '../session';

/**
 * Whose a quote is: a signed-in account (or the customer staff act for), else the browser's
 * session through its server-issued visitorKey. Never the anonymousId: the browser writes that
 * one and analytics vendors receive it, so it must not unlock anything (issue 14).
 */
export type QuoteOwner = { userId: string } | { visitorKey: string };

/** The owner the actor speaks for, if they speak for anyone. */
export function quoteOwner(actor: Actor): QuoteOwner | undefined {
  if (actor.userId) return { userId: actor.userId };
  return actor.visitorKey ? { visitorKey: actor.visitorKey } : undefined;
}

/** The owner for a new quote: a visitor's session gets its visitorKey with its first quote. */
export async function ensureQuoteOwner(actor: Actor, sessions: SessionWriter): Promise<QuoteOwner> {
  return quoteOwner(actor) ?? { visitorKey: await sessions.ensureVisitorKey() };
}
