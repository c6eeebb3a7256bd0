import { CallHandler, ExecutionContext, Injectable, NestInterceptor } from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { map, type Observable } from 'rxjs';
import type { ApiSuccess } from '../../shared/api/envelope';
import { RAW_RESPONSE } from './raw-response.decorator';

/**
 * The one place a handler's answer becomes the spec's `{success:true, payload}`: controllers
 * return the payload only (nothing, for an answer without one). Handlers marked @RawResponse,
 * and those that write the response themselves with @Res(), are left alone.
 */
@Injectable()
export class EnvelopeInterceptor<T> implements NestInterceptor<T, ApiSuccess<T> | T> {
  constructor(private readonly reflector: Reflector) {}

  intercept(context: ExecutionContext, next: CallHandler<T>): Observable<ApiSuccess<T> | T> {
    if (context.getType() !== 'http') return next.handle();
    if (this.reflector.getAllAndOverride<string>(RAW_RESPONSE, [context.getHandler(), context.getClass()])) return next.handle();
    return next.handle().pipe(map((payload): ApiSuccess<T> => ({ success: true, payload })));
  }
}
