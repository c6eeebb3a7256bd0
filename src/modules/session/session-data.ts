import type { Locale } from '../../shared/locale';
import type { Request } from 'express';
import type { Session, SessionData } from 'express-session';

export interface Attribution {
  utm_source?: string;
  utm_medium?: string;
  utm_campaign?: string;
  utm_content?: string;
  utm_term?: string;
}

declare module 'express-session' {
  interface SessionData {
    userId?: string;
    userEmail?: string;
    /** A public id for this signed-in session (the store's own id never leaves the server). */
    sessionId?: string;
    /** Names the visitor to analytics and the flag service (it is sent to them): it unlocks nothing. */
    anonymousId?: string;
    /** Owns what the visitor made before sign-in; server-issued, never shown (issued by SessionWriter.ensureVisitorKey). */
    visitorKey?: string;
    role?: 'agent' | 'admin';
    producerId?: string;
    locale?: Locale;
    attribution?: Attribution;
    /** Set while a staff member purchases on a customer's behalf: the staff member's own account. */
    staffUserId?: string;
    staffEmail?: string;
    /** Epoch ms: when the session was created and from what browser (for session administration). */
    createdAt?: number;
    userAgent?: string;
    /** The client's address (as TRUSTED_PROXIES lets Express derive it, see client-ip.ts) at sign-in and each lastSeenAt, for session administration. */
    ip?: string;
    /** Epoch ms: sign-in (absolute lifetime) and the last request (idle timeout). */
    signedInAt?: number;
    lastSeenAt?: number;
    /** Never stored: what the store answers for a revoked id (see SessionStore.get). */
    revoked?: true;
  }
}

export type AppSession = Session & Partial<SessionData>;

export function regenerate(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.regenerate((err) => (err ? reject(err) : resolve())));
}

export function save(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.save((err) => (err ? reject(err) : resolve())));
}

export function destroy(req: Request): Promise<void> {
  return new Promise((resolve, reject) => req.session.destroy((err) => (err ? reject(err) : resolve())));
}
