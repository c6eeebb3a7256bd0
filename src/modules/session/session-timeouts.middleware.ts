import { Injectable, NestMiddleware } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { ABSOLUTE_LIFETIME_MS, IDLE_TIMEOUT_MS } from './session-cookie';
import { SessionWriter } from './session-writer.service';
import type { NextFunction, Request, Response } from 'express';
import type { SessionData } from 'express-session';

// Recording every request's time would rewrite the session each time; a minute is enough.
export const LAST_SEEN_RESOLUTION_MS = 60_000;

/** What a signed-in session needs before this request goes on: to end, to record that it was seen, or nothing. */
export type SessionDue = 'expire' | 'seen' | undefined;

export function sessionDue(session: Pick<SessionData, 'lastSeenAt' | 'signedInAt'>, now: number): SessionDue {
  const idle = now - (session.lastSeenAt ?? 0) > IDLE_TIMEOUT_MS;
  const tooOld = now - (session.signedInAt ?? 0) > ABSOLUTE_LIFETIME_MS;
  if (idle || tooOld) return 'expire';
  return now - (session.lastSeenAt ?? 0) > LAST_SEEN_RESOLUTION_MS ? 'seen' : undefined;
}

/**
 * The server's own timeouts for a signed-in session: 30 minutes idle (sliding) and 12 hours
 * from sign-in, whatever the cookie says. An expired session is destroyed and the request
 * goes on signed out.
 */
@Injectable()
export class SessionTimeoutsMiddleware implements NestMiddleware {
  constructor(
    private readonly clock: Clock,
    private readonly writer: SessionWriter,
  ) {}

  async use(req: Request, _res: Response, next: NextFunction): Promise<void> {
    const session = req.session;
    if (!session?.userId) return next();
    const now = this.clock.now().getTime();
    const due = sessionDue(session, now);
    if (due === 'expire') {
      try {
        await this.writer.expire(req);
      } catch (error) {
        return next(error);
      }
      return next();
    }
    if (due === 'seen') this.writer.noteSeen(req, now);
    next();
  }
}
