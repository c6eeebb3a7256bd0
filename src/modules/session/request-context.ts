import { ClsPluginTransactional } from '@nestjs-cls/transactional';
import { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';
import { CLS_REQ, ClsModule, ClsServiceManager, type ClsService, type ClsStore } from 'nestjs-cls';
import { DataSource } from 'typeorm';
import { actorFromSession, type Actor } from './actor';
import type { Request } from 'express';

/**
 * What one request keeps while it is answered, in nestjs-cls's context (AsyncLocalStorage): the
 * request itself (the session handle, for the one code that writes the session), the actor read
 * from it once, and whether it has an audit entry yet (the on-behalf audit then adds none).
 */
interface RequestStore extends ClsStore {
  [CLS_REQ]: Request;
  answer?: RequestAnswer;
}

/**
 * The request's own marks, one object for the whole request: a transaction opened while it is
 * answered (txHost.withTransaction) runs in a shallow copy of the context, so what is noted
 * inside it lands here and is still seen after it.
 */
interface RequestAnswer {
  actor?: Actor;
  audited?: true;
  /** What the request's change changed, for its audit entry (noted by the service that knows the before). */
  auditChanges?: unknown[];
  /** The policy's owner when a household member (issue 27) acts on a policy shared with them: the audit's customer. */
  householdOwner?: { id: string; email: string };
}

/**
 * The request context, opened by nestjs-cls's middleware for every request the application
 * answers (mounted on every route, before the guards). The doors in front of the framework
 * (src/common/http/front-door.ts) answer without it and call nothing here; a request they hand
 * to the application gets its context there.
 *
 * The same context carries the one way into a transaction (nestjs-cls's transactional plugin
 * over TypeORM's DataSource): `TransactionHost.withTransaction(work)` opens one, or joins the one
 * already open, and every repository reads `txHost.tx`, the open transaction's TypeORM manager or,
 * outside one, the DataSource's own. Outside a request (jobs, start-up, scripts, the doors)
 * `withTransaction` opens a context of its own for the transaction, and `tx` outside any
 * transaction is the DataSource's manager, as before.
 */
export const RequestContextModule = ClsModule.forRoot({
  global: true,
  middleware: { mount: true, saveReq: true, setup: (cls: ClsService) => void cls.set('answer', {}) },
  plugins: [new ClsPluginTransactional({ adapter: new TransactionalAdapterTypeOrm({ dataSourceToken: DataSource }) })],
});

const context = () => ClsServiceManager.getClsService<RequestStore>();

/** The request's marks, made by the middleware when the request starts (here, if it did not). */
function answer(): RequestAnswer {
  const cls = context();
  let marks = cls.get<RequestAnswer | undefined>('answer');
  if (!marks) {
    marks = {};
    cls.set('answer', marks);
  }
  return marks;
}

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
  const req = currentRequest();
  const marks = answer();
  marks.actor ??= actorFromSession(req.session, (req as Request & { id?: string | number }).id?.toString() || null);
  return marks.actor;
}

/** Notes that this request has an audit entry; outside a request (a job, a script) there is nothing to note. */
export function markAudited(): void {
  if (context().isActive()) answer().audited = true;
}

/** Whether this request already has an audit entry. */
export function wasAudited(): boolean {
  return context().isActive() && answer().audited === true;
}

/**
 * Notes what this request's change changed (before and after) for its audit entry: the service
 * that reads the old terms knows them, the audit entry is written later by whoever audits the
 * request. Outside a request there is nothing to note.
 */
export function noteAuditChanges(changes: unknown[]): void {
  if (context().isActive()) answer().auditChanges = changes;
}

/** The changes noted for this request's audit entry, if any, taken once: a second entry of the request (an agent released) does not repeat them. */
export function takeAuditChanges(): unknown[] | undefined {
  if (!context().isActive()) return undefined;
  const marks = answer();
  const changes = marks.auditChanges;
  delete marks.auditChanges;
  return changes;
}

/**
 * Notes that this request acts on a policy shared with its caller (issue 27, a household): its
 * audit entries name the caller as the actor and the policy's owner as the customer.
 */
export function noteHouseholdOwner(owner: { id: string; email: string }): void {
  if (context().isActive()) answer().householdOwner = owner;
}

/** The owner noted by noteHouseholdOwner for this request, if any. */
export function householdOwner(): { id: string; email: string } | undefined {
  return context().isActive() ? answer().householdOwner : undefined;
}
