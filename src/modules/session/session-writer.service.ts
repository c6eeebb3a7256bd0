import { randomUUID } from 'node:crypto';
import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { clientIp } from '../../common/http/client-ip';
import { currentRequest } from './request-context';
import { destroy, regenerate, save, type AppSession, type Attribution } from './session-data';
import type { Locale } from '../../shared/locale';
import type { Request } from 'express';

export interface SessionUser {
  id: string;
  email: string;
  role: 'customer' | 'agent' | 'admin';
  producerId?: string | null;
  locale: Locale;
}

/** What a session keeps when it changes hands: the staff member's role, and the browser's own state. */
function keptAcross(session: AppSession) {
  const { role, producerId, sessionId, anonymousId, locale, signedInAt, createdAt, userAgent, ip } = session;
  return { role, producerId, sessionId, anonymousId, locale, signedInAt, createdAt, userAgent, ip };
}

/**
 * The one code that writes the session: the session of the request being answered (the request
 * context's, request-context.ts). A change of hands (sign-in, acting for a customer and
 * back) always gives the session a new id, so no one holding the old cookie keeps its rights.
 */
@Injectable()
export class SessionWriter {
  constructor(private readonly clock: Clock) {}

  /** Signs the user in on a new session id, keeping what the visitor had: anonymousId, attribution, language. */
  async signIn(user: SessionUser, userAgent: string | undefined): Promise<void> {
    const req = currentRequest();
    const { anonymousId, attribution, locale } = req.session;
    const now = this.clock.now().getTime();
    await this.replace(req, {
      userId: user.id,
      userEmail: user.email,
      sessionId: randomUUID(),
      anonymousId,
      attribution,
      locale: locale ?? user.locale,
      signedInAt: now,
      lastSeenAt: now,
      createdAt: now,
      userAgent: String(userAgent ?? '').slice(0, 300),
      ip: clientIp(req),
      ...(user.role === 'customer' ? {} : { role: user.role }),
      ...(user.role === 'agent' && user.producerId ? { producerId: user.producerId } : {}),
    });
  }

  /** The session becomes the customer's, keeping the staff member's role and their own account. */
  async beginOnBehalf(customer: { id: string; email: string }): Promise<void> {
    const req = currentRequest();
    const { userId, userEmail } = req.session;
    await this.replace(req, {
      ...keptAcross(req.session),
      userId: customer.id,
      userEmail: customer.email,
      staffUserId: userId,
      staffEmail: userEmail,
      lastSeenAt: this.clock.now().getTime(),
    });
  }

  /** The session is the staff member's own again. */
  async endOnBehalf(): Promise<void> {
    const req = currentRequest();
    const { staffUserId, staffEmail } = req.session;
    await this.replace(req, { ...keptAcross(req.session), userId: staffUserId, userEmail: staffEmail, lastSeenAt: this.clock.now().getTime() });
  }

  async signOut(): Promise<void> {
    await destroy(currentRequest());
  }

  /** The fields a browser may write (spec §7): an anonymousId once, attribution, language. */
  async saveBrowserFields(fields: { anonymousId?: string; attribution?: Attribution; locale?: Locale }): Promise<void> {
    const req = currentRequest();
    if (fields.anonymousId !== undefined && !req.session.anonymousId) req.session.anonymousId = fields.anonymousId;
    if (fields.attribution !== undefined) req.session.attribution = { ...fields.attribution };
    if (fields.locale !== undefined) req.session.locale = fields.locale;
    await save(req);
  }

  /** The session's visitorKey (what the visitor made before sign-in belongs to it), issued and saved on first need. */
  async ensureVisitorKey(): Promise<string> {
    const req = currentRequest();
    if (req.session.visitorKey) return req.session.visitorKey;
    req.session.visitorKey = randomUUID();
    await save(req);
    return req.session.visitorKey;
  }

  /** A signed-in request records when and from where it was seen (saved with the request's session). */
  noteSeen(req: Request, now: number): void {
    req.session.lastSeenAt = now;
    req.session.ip = clientIp(req);
  }

  /** Ends a timed-out session; the request goes on with a fresh, signed-out one. */
  async expire(req: Request): Promise<void> {
    await destroy(req);
    req.sessionStore.generate(req);
  }

  private async replace(req: Request, data: Partial<AppSession>): Promise<void> {
    await regenerate(req);
    Object.assign(req.session, data);
    await save(req);
  }
}
