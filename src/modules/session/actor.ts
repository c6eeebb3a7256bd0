import type { Locale } from '../../shared/locale';
import type { Attribution } from './session-data';
import type { SessionData } from 'express-session';

export type ActorRole = 'customer' | 'agent' | 'admin';

/**
 * Who asks, read from the session once per request (@CurrentActor) and handed to services in
 * place of Express's request. A visitor who is not signed in is a customer with no userId.
 */
export interface Actor {
  /** The account the request acts as: the customer's while staff act for them. */
  readonly userId?: string;
  readonly email?: string;
  /** The role of whoever is signed in; staff keep theirs while acting for a customer. */
  readonly role: ActorRole;
  /** An agent's producer number. */
  readonly producerId?: string;
  /** Set while a staff member acts for the customer above: the staff member's own account. */
  readonly staff?: { readonly userId: string; readonly email: string };
  /**
   * The browser's analytics id: the browser writes it and vendors receive it, so it unlocks
   * nothing. The visitorKey owns what a visitor made before sign-in (quotes, cookie decisions):
   * the server issues it (SessionWriter.ensureVisitorKey) and never shows it (issue 14).
   */
  readonly anonymousId?: string;
  readonly visitorKey?: string;
  readonly locale?: Locale;
  readonly attribution?: Attribution;
  /** The request's correlation id, for the audit log. */
  readonly correlationId: string | null;
}

export function actorFromSession(session: Partial<SessionData> | undefined, correlationId: string | null): Actor {
  const s = session ?? {};
  return {
    userId: s.userId,
    email: s.userEmail,
    role: s.role ?? 'customer',
    producerId: s.producerId,
    staff: s.staffUserId ? { userId: s.staffUserId, email: s.staffEmail! } : undefined,
    anonymousId: s.anonymousId,
    visitorKey: s.visitorKey,
    locale: s.locale,
    attribution: s.attribution,
    correlationId,
  };
}

/**
 * Who asks on a route behind the sign-in guard (SignedInGuard, StaffGuard, AdminGuard): an
 * account, always. Handlers take it with `@SignedIn()` (src/modules/auth/signed-in.decorator.ts).
 */
export interface SignedInActor extends Actor {
  readonly userId: string;
  readonly email: string;
}

/** Staff acting for a customer: signed in as the customer, the staff member's own account in `staff`. */
export type OnBehalfActor = SignedInActor & { readonly staff: { readonly userId: string; readonly email: string } };

export function isSignedIn(actor: Actor): actor is SignedInActor {
  return Boolean(actor.userId && actor.email);
}

export function isOnBehalf(actor: Actor): actor is OnBehalfActor {
  return actor.staff !== undefined && isSignedIn(actor);
}

/** The person at the keyboard: the staff member while acting for a customer, else the account. */
export function personOf(actor: SignedInActor): string;
export function personOf(actor: Actor): string | undefined;
export function personOf(actor: Actor): string | undefined {
  return actor.staff?.userId ?? actor.userId;
}
