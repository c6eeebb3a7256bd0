import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { answerJsonFromDoor } from '../../common/http/door-json-answer';
import { traceRequest, type DoorHandler } from '../../common/http/front-door';
import { requestCorrelationId } from '../../common/logging/correlation-id';
import { SecurityHeaderTemplate } from '../../common/security/security-header-template';
import { actorFromSession, SessionCookie, sessionDue } from '../session';
import { QuoteService } from './quote.service';
import type { SessionData } from 'express-session';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/** The route's pattern, as the application's router names it in the request metrics. */
export const REPRICE_ROUTE = '/api/quotes/:id/price';
const REPRICE_PATH = /^\/api\/quotes\/([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})\/price$/;

type SessionRequest = IncomingMessage & { session?: SessionData; sessionID?: string };

/**
 * POST /api/quotes/:id/price answered in front of the framework (issue 29: the re-price at 70 % of
 * the stack's own floor, which answers the same three statements with NestJS, express-session and
 * TypeORM; through Nest, Express's router, Nest's pipeline, helmet, the request log and the
 * interceptors cost more per call than the floor's whole answer). The HTTP pipeline
 * (src/bootstrap/http-pipeline.ts) runs the application's own stages before this door — the
 * request metrics, no-store by default, compression, the body parser, the control-character rule,
 * the forgery check and the session reader (its cookie and touch on the way out, as for any call) —
 * and the door asks the quote service what the controller asks it, and answers with the security
 * headers and the envelope. It takes only the plain case: a customer's or a visitor's own session
 * that needs nothing written before the call (no one acting for a customer: that call is audited,
 * and staff licences are checked by the application). Anything else, and every refusal of the
 * service (not found, closed, a state not sold), it hands to the application, which answers as it
 * always has; pricing again is idempotent, so a call handed over after a failed try loses nothing.
 */
@Injectable()
export class RepriceDoor {
  constructor(
    private readonly quotes: QuoteService,
    private readonly security: SecurityHeaderTemplate,
    private readonly clock: Clock,
    private readonly cookie: SessionCookie,
  ) {}

  door(logger: () => Logger | undefined): DoorHandler<string> {
    return {
      takes: (req) => {
        if (req.method !== 'POST' || !this.security.ready || !req.headers.cookie?.includes(`${this.cookie.name}=`)) return undefined;
        return REPRICE_PATH.exec(req.url ?? '')?.[1];
      },
      answer: (req, res, id, handOver) =>
        void this.answer(req as SessionRequest, res, id, logger).then(
          (answered) => answered || handOver(),
          () => handOver(),
        ),
    };
  }

  private async answer(req: SessionRequest, res: ServerResponse, id: string, logger: () => Logger | undefined): Promise<boolean> {
    const session = req.session;
    if (!session || session.revoked || !req.sessionID) return false;
    if (session.staffUserId || (session.role ?? 'customer') !== 'customer') return false;
    if (session.userId && sessionDue(session, this.clock.now().getTime()) !== undefined) return false;
    if (!session.userId && !session.visitorKey) return false;
    const actor = actorFromSession(session, requestCorrelationId(req));
    const payload = await this.quotes.update(actor, id, {});
    traceRequest(req, res, logger(), REPRICE_ROUTE);
    answerJsonFromDoor(res, this.security, payload);
    return true;
  }
}
