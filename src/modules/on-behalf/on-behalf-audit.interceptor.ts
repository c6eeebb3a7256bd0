import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import { mergeMap, type Observable } from 'rxjs';
import { NOT_CUSTOMER_ACTION, NOT_CUSTOMER_READ } from '../../common/http/on-behalf-marks.decorator';
import { auditActorOf, AuditService } from '../audit';
import { currentActor, householdOwner, isOnBehalf, isSignedIn } from '../session';
import { AUDIT_ON_BEHALF, type AuditContext, type AuditOnBehalfSpec } from './audit-on-behalf.decorator';
import { changesState, reads, requestTarget } from './on-behalf-request';
import type { SignedInActor } from '../session';
import type { Request } from 'express';

/** The entry of a request that names no action of its own: a change, or a read (issue 30, item 7). */
const UNNAMED = { change: 'on-behalf.request', read: 'on-behalf.read' } as const;

/**
 * Global, and the one place that audits what staff do for a customer: every request that
 * succeeds while they act on a customer's behalf leaves one audit entry — a change (POST, PUT,
 * …) unless its handler is @NotCustomerAction, a read (GET, HEAD) unless its handler is
 * @NotCustomerRead, each with the reason it is not the customer's. A handler marked
 * @AuditOnBehalf gets its named action (quote.update, claim.read, …); any other gets
 * `on-behalf.request` or `on-behalf.read` naming the method and path, so a new endpoint cannot
 * forget to audit. A read's entry without a target of its own names the request's path.
 * The actor is taken before the handler runs, since a handler may end the session (stop,
 * sign out); a handler that already audited the request itself (stopping, a document, a
 * receipt, a staff claim view) adds no entry, so a request is never recorded twice.
 *
 * The same entry is written for a household member's change on a policy shared with them
 * (issue 27): the member as the actor, the policy's owner as the customer (noted by the policy's
 * access rule while the handler ran, read by auditActorOf). Their reads are not recorded.
 */
@Injectable()
export class OnBehalfAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
    private readonly modules: ModuleRef,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    const kind = changesState(req) ? 'change' : reads(req) ? 'read' : undefined;
    if (!kind) return next.handle();
    const actor = currentActor();
    if (!isOnBehalf(actor)) return kind === 'change' && isSignedIn(actor) ? this.forHousehold(context, req, actor, next) : next.handle();
    const optOut = kind === 'change' ? NOT_CUSTOMER_ACTION : NOT_CUSTOMER_READ;
    if (this.reflector.getAllAndOverride<string>(optOut, [context.getHandler(), context.getClass()])) return next.handle();
    const spec = this.reflector.get<AuditOnBehalfSpec | undefined>(AUDIT_ON_BEHALF, context.getHandler());
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        if (!this.audit.wasAudited()) await this.record(actor, req, kind, spec, answer);
        return answer;
      }),
    );
  }

  /** A customer's change: audited only when it acted on a policy shared with them (the owner noted while it ran). */
  private forHousehold(context: ExecutionContext, req: Request, actor: SignedInActor, next: CallHandler): Observable<unknown> {
    if (this.reflector.getAllAndOverride<string>(NOT_CUSTOMER_ACTION, [context.getHandler(), context.getClass()])) return next.handle();
    const spec = this.reflector.get<AuditOnBehalfSpec | undefined>(AUDIT_ON_BEHALF, context.getHandler());
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        if (householdOwner() && !this.audit.wasAudited()) await this.record(actor, req, 'change', spec, answer);
        return answer;
      }),
    );
  }

  private async record(actor: SignedInActor, req: Request, kind: keyof typeof UNNAMED, spec: AuditOnBehalfSpec | undefined, answer: unknown): Promise<void> {
    const context = this.contextOf(actor, req, answer) as AuditContext<never>;
    const ownTarget = kind === 'read' ? requestTarget(req) : null;
    const target = spec && (spec.target ? await spec.target(context) : ownTarget);
    if (!spec || target === undefined) return this.audit.recordAs(auditActorOf(actor), UNNAMED[kind], requestTarget(req));
    const action = typeof spec.action === 'string' ? spec.action : await spec.action(context);
    await this.audit.record(actor, action, { target: target ?? undefined });
  }

  private contextOf(actor: SignedInActor, req: Request, answer: unknown): AuditContext {
    return {
      answer,
      actor,
      params: req.params as Record<string, string>,
      body: (req.body ?? {}) as Record<string, unknown>,
      get: (type) => this.modules.get(type, { strict: false }),
    };
  }
}
