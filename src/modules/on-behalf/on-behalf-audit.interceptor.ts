import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { ModuleRef, Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { AuditService, auditActorOf } from '../audit/audit.service';
import type { Actor } from '../session/actor';
import { actorOf } from '../session/current-actor.decorator';
import { AUDIT_ON_BEHALF, type AuditContext, type AuditOnBehalfSpec } from './audit-on-behalf.decorator';
import { NOT_CUSTOMER_ACTION } from './on-behalf.decorators';
import { changesState, isActingOnBehalf, requestTarget } from './on-behalf-request';

/**
 * Global, and the one place that audits what staff do for a customer: every state-changing
 * request that succeeds while they act on a customer's behalf leaves an audit entry. A handler
 * marked @AuditOnBehalf gets its named action (quote.update, policy.cancel, …); any other gets
 * `on-behalf.request` naming the method and path, so a new endpoint cannot forget to audit.
 * The actor is taken before the handler runs, since a handler may end the session (stop,
 * sign out); a handler that already audited the request itself (stopping) adds no entry.
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
    if (!changesState(req) || !isActingOnBehalf(req)) return next.handle();
    if (this.reflector.getAllAndOverride<string>(NOT_CUSTOMER_ACTION, [context.getHandler(), context.getClass()])) return next.handle();
    const actor = actorOf(req);
    const spec = this.reflector.get<AuditOnBehalfSpec | undefined>(AUDIT_ON_BEHALF, context.getHandler());
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        if (!this.audit.wasAudited(actor)) await this.record(actor, req, spec, answer);
        return answer;
      }),
    );
  }

  private async record(actor: Actor, req: Request, spec: AuditOnBehalfSpec | undefined, answer: unknown): Promise<void> {
    const context = this.contextOf(actor, req, answer) as AuditContext<never>;
    const target = spec && (spec.target ? await spec.target(context) : null);
    if (!spec || target === undefined) return this.audit.recordAs(auditActorOf(actor), 'on-behalf.request', requestTarget(req));
    const action = typeof spec.action === 'string' ? spec.action : await spec.action(context);
    await this.audit.record(actor, action, { target: target ?? undefined });
  }

  private contextOf(actor: Actor, req: Request, answer: unknown): AuditContext {
    return {
      answer,
      actor,
      params: req.params as Record<string, string>,
      body: (req.body ?? {}) as Record<string, unknown>,
      get: (type) => this.modules.get(type, { strict: false }),
    };
  }
}
