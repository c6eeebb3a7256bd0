import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { from, switchMap, type Observable } from 'rxjs';
import { BODY_RULE, type BodyRule } from '../common/http/body-rules.decorator';
import { bodyLeftForAfterGuards, FORM_BODY_LIMIT, readBodyAfterGuards } from './json-bodies';
import type { Request, Response } from 'express';

/**
 * Reads a body that jsonBodies left unread (declared over 32 kB, or chunked), now that every
 * guard has let the caller in (Nest runs all guards before any interceptor): as JSON up to the
 * handler's @LargeJsonBody, else a form's 32 kB; a @StreamedBody handler reads it itself. So
 * an anonymous caller (401), a phone with a revoked token, or staff where they may not go (403)
 * is answered before a byte of a large body is read, on every route, a new one included.
 */
@Injectable()
export class BodyAfterGuardsInterceptor implements NestInterceptor {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler): Observable<unknown> {
    if (context.getType() !== 'http') return next.handle();
    const http = context.switchToHttp();
    const req = http.getRequest<Request>();
    if (!bodyLeftForAfterGuards(req)) return next.handle();
    const rule = this.reflector.get<BodyRule | undefined>(BODY_RULE, context.getHandler());
    if (rule?.streamed) return next.handle();
    return from(readBodyAfterGuards(req, http.getResponse<Response>(), rule?.jsonLimit ?? FORM_BODY_LIMIT)).pipe(switchMap(() => next.handle()));
  }
}
