import { Inject, Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { compressWhenAccepted } from '../../common/http/compress-when-accepted';
import { traceRequest, type FrontDoor, type RequestListener } from '../../common/http/front-door';
import { SIGNED_IN_PAGE } from '../../common/metrics/request-metrics';
import { freshCspNonce } from '../../common/security/csp-nonce';
import { splitLocalePath } from '../../shared/locale';
import { findPage, type PageDef } from '../../shared/site-map';
import { SESSION_MIDDLEWARE, SessionCookie, sessionDue, sessionView } from '../session';
import { PagePipeline } from './page-pipeline';
import type { Request, RequestHandler, Response } from 'express';
import type { SessionData } from 'express-session';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Logger } from 'pino';

/**
 * The page behind sign-in at this URL, found as the SSR controller finds it; none for a query or a
 * trailing slash (the controller's redirect), which the application answers.
 */
function signedInPageAt(url: string): PageDef | undefined {
  if (url.includes('?') || (url.length > 1 && url.endsWith('/'))) return undefined;
  const page = findPage(splitLocalePath(url).path);
  return page?.access === 'sign-in' ? page : undefined;
}

type SessionRequest = IncomingMessage & { session?: SessionData; sessionID?: string; sessionStore?: unknown };

/**
 * Pages behind sign-in answered in front of the framework (issue 17: a signed-in page p99 < 100 ms
 * at 50 connections; Express's router, Nest's pipeline and helmet's eleven middlewares were a
 * third of such a page's CPU). Like the estimate's door it runs the application's own parts in
 * the application's order: the one session reader (express-session on our store, with its
 * rolling cookie and its refusal of replaced ids), the session timeouts' rule, the compression
 * middleware, and the page pipeline with the pages' headers. It answers only the plain case: a
 * GET or HEAD of a page's exact path, no query, a signed-in session that needs nothing written.
 * Anything else — no session, a session to expire or to mark as seen, a revoked or replaced id, a
 * store that cannot be read — it hands to the application untouched: what the session reader
 * wrapped is put back, and the application reads the session again and answers as it always has.
 */
@Injectable()
export class SignedInPageDoor {
  private readonly compress: RequestHandler = compressWhenAccepted();

  constructor(
    private readonly pages: PagePipeline,
    private readonly clock: Clock,
    private readonly cookie: SessionCookie,
    @Inject(SESSION_MIDDLEWARE) private readonly readSession: RequestHandler,
  ) {}

  door(logger: () => Logger | undefined): FrontDoor {
    return (req, res, application) => {
      if (req.method !== 'GET' && req.method !== 'HEAD') return false;
      const page = signedInPageAt(req.url ?? '');
      // Without the cookie the answer is the sign-in redirect: the application's.
      if (!page || !req.headers.cookie?.includes(`${this.cookie.name}=`)) return false;
      this.readSession(req as Request, res as Response, (error?: unknown) => {
        if (error || !this.answers(req)) return this.handOver(req, res, application);
        const nonce = freshCspNonce();
        const session = sessionView(req as SessionRequest);
        this.pages
          .renderFor(req.url!, nonce, () => session)
          .then(
            (rendered) => {
              traceRequest(req, res, logger(), SIGNED_IN_PAGE);
              this.compress(req as Request, res as Response, () => this.pages.sendRendered(res, rendered, nonce, page));
            },
            // A render that failed wrote nothing: the application renders it again, or answers its error page.
            () => this.handOver(req, res, application),
          );
      });
      return true;
    };
  }

  /** Whether the application would render the page with this session and write nothing to it. */
  private answers(req: SessionRequest): boolean {
    const session = req.session;
    if (!session?.userId || session.revoked || !req.sessionID) return false;
    return sessionDue(session, this.clock.now().getTime()) === undefined;
  }

  /**
   * The session reader wrapped the response's writeHead, write and end (its cookie and its save)
   * and hung the session on the request: all of it is undone, so the application meets the
   * request as it arrived.
   */
  private handOver(req: IncomingMessage, res: ServerResponse, application: RequestListener): void {
    const request = req as SessionRequest;
    delete request.session;
    delete request.sessionID;
    delete request.sessionStore;
    const own = res as unknown as Record<string, unknown>;
    delete own.writeHead;
    delete own.write;
    delete own.end;
    application(req, res);
  }
}
