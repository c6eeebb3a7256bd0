import { CLS_REQ, ClsModule, ClsServiceManager, type ClsStore } from 'nestjs-cls';
import { actorFromSession, type Actor } from './actor';
import type { Request } from 'express';

/**
 * What one request keeps while it is answered, in nestjs-cls's context (AsyncLocalStorage): the
 * request itself (the session handle, for the one code that writes the session), the actor read
 * from it once, and whether it has an audit entry yet (the on-behalf audit then adds none).
 */
interface RequestStore extends ClsStore {
  [CLS_REQ]: Request;
  actor?: Actor;
  audited?: true;
}

/**
 * The request context, opened by nestjs-cls's middleware for every request the application
 * answers (mounted on every route, before the guards). The doors in front of the framework
 * (src/common/http/front-door.ts) answer without it and call nothing here; a request they hand
 * to the application gets its context there.
 */
export const RequestContextModule = ClsModule.forRoot({ global: true, middleware: { mount: true, saveReq: true } });

const context = () => ClsServiceManager.getClsService<RequestStore>();

/** The request being answered; only the session writer and the actor need it. */
export function currentRequest(): Request {
  const cls = context();
  const req = cls.isActive() ? cls.get<Request | undefined>(CLS_REQ) : undefined;
  if (!req) throw new Error('No request is being answered here (no request context).');
  return req;
}

/**
 * The request's actor, read from the session on first use and the same object after (guards,
 * interceptors and the handler see one actor, taken before the handler may change the session).
 */
export function currentActor(): Actor {
  const cls = context();
  const req = currentRequest();
  let actor = cls.get<Actor | undefined>('actor');
  if (!actor) {
    actor = actorFromSession(req.session, (req as Request & { id?: string | number }).id?.toString() || null);
    cls.set('actor', actor);
  }
  return actor;
}

/** Notes that this request has an audit entry; outside a request (a job, a script) there is nothing to note. */
export function markAudited(): void {
  const cls = context();
  if (cls.isActive()) cls.set('audited', true);
}

/** Whether this request already has an audit entry. */
export function wasAudited(): boolean {
  const cls = context();
  return cls.isActive() && cls.get<true | undefined>('audited') === true;
}
