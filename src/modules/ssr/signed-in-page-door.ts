import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { traceRequest, type DoorHandler } from '../../common/http/front-door';
import { SIGNED_IN_PAGE } from '../../common/metrics/request-metrics';
import { freshCspNonce } from '../../common/security/csp-nonce';
import { splitLocalePath } from '../../shared/locale';
import { findPage, type PageDef } from '../../shared/site-map';
import { actorFromSession, markKeptRead, SessionCookie, sessionDue, sessionView } from '../session';
import { PagePipeline } from './page-pipeline';
import type { SessionData } from 'express-session';
import type { IncomingMessage } from 'node:http';
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

type SessionRequest = IncomingMessage & { session?: SessionData; sessionID?: string };

/**
 * Pages behind sign-in answered in front of the framework (issue 17: a signed-in page p99 < 100 ms
 * at 50 connections; Express's router, Nest's pipeline and helmet's eleven middlewares were a
 * third of such a page's CPU). The HTTP pipeline (src/bootstrap/http-pipeline.ts) runs the
 * application's own stages before this door — the request metrics, compression, and the one
 * session reader (express-session on our store, with its rolling cookie and its refusal of
 * replaced ids) — and the door renders with the page pipeline and the pages' headers. It answers
 * only the plain case: a GET or HEAD of a page's exact path, no query, a signed-in session that
 * needs nothing written. Anything else — no session, a session to expire or to mark as seen, a
 * revoked or replaced id, a store that cannot be read — it hands to the application, which goes on
 * with the session as read (or the read's error) and answers as it always has.
 */
@Injectable()
export class SignedInPageDoor {
  constructor(
    private readonly pages: PagePipeline,
    private readonly clock: Clock,
    private readonly cookie: SessionCookie,
  ) {}

  door(logger: () => Logger | undefined): DoorHandler<PageDef> {
    return {
      takes: (req) => {
        if (req.method !== 'GET' && req.method !== 'HEAD') return undefined;
        const page = signedInPageAt(req.url ?? '');
        // Without the cookie the answer is the sign-in redirect: the application's.
        if (!page || !req.headers.cookie?.includes(`${this.cookie.name}=`)) return undefined;
        // A page shows the session and writes nothing: its read may be the one the process keeps.
        markKeptRead(req);
        return page;
      },
      answer: (req, res, page, handOver) => {
        if (!this.answers(req)) return handOver();
        const nonce = freshCspNonce();
        const session = sessionView(req as SessionRequest);
        const actor = () => actorFromSession((req as SessionRequest).session, null);
        this.pages
          .renderFor(req.url!, nonce, () => session, actor)
          .then(
            (rendered) => {
              traceRequest(req, res, logger(), SIGNED_IN_PAGE);
              this.pages.sendRendered(res, rendered, nonce, page);
            },
            // A render that failed wrote nothing: the application renders it again, or answers its error page.
            handOver,
          );
      },
    };
  }

  /** Whether the application would render the page with this session and write nothing to it. */
  private answers(req: SessionRequest): boolean {
    const session = req.session;
    if (!session?.userId || session.revoked || !req.sessionID) return false;
    return sessionDue(session, this.clock.now().getTime()) === undefined;
  }
}
