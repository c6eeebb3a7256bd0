import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import type { Request } from 'express';
import { mergeMap, type Observable } from 'rxjs';
import { AuditService, auditActorOf } from '../audit/audit.service';
import { actorOf } from '../session/current-actor.decorator';
import { NOT_CUSTOMER_ACTION } from './on-behalf.decorators';
import { changesState, isActingOnBehalf, requestTarget } from './on-behalf-request';

/**
 * Global: every state-changing request that succeeds while staff act for a customer leaves an
 * audit entry. Handlers that record their own, named action (policy.cancel, quote.update, …)
 * keep it; for any other the entry is `on-behalf.request` naming the method and path, so a new
 * endpoint cannot forget to audit. The actor is taken before the handler runs, since a handler
 * may end the session (stop, sign out).
 */
@Injectable()
export class OnBehalfAuditInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly audit: AuditService,
  ) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const req = context.switchToHttp().getRequest<Request>();
    if (!changesState(req) || !isActingOnBehalf(req)) return next.handle();
    if (this.reflector.getAllAndOverride<string>(NOT_CUSTOMER_ACTION, [context.getHandler(), context.getClass()])) return next.handle();
    const actor = actorOf(req);
    const target = requestTarget(req);
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        if (!this.audit.wasAudited(actor)) await this.audit.recordAs(auditActorOf(actor), 'on-behalf.request', target);
        return answer;
      }),
    );
  }
}
