import { ArgumentsHost, Catch, ExceptionFilter, HttpException, HttpStatus, Logger } from '@nestjs/common';
import { DATABASE_UNAVAILABLE_MESSAGE, isDatabaseUnavailable, whyDatabaseUnavailable } from '../../database/database-unavailable';
import { apiError, ApiErrorBody } from './api-error';
import { DomainException } from './domain-exception';
import type { ApiErrorCode } from '../../shared/api/error-codes';
import type { Request, Response } from 'express';

const CODE_BY_STATUS: Record<number, ApiErrorCode> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHORIZED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  405: 'METHOD_NOT_ALLOWED',
  409: 'CONFLICT',
  413: 'PAYLOAD_TOO_LARGE',
  415: 'UNSUPPORTED_MEDIA_TYPE',
  429: 'TOO_MANY_REQUESTS',
  503: 'SERVICE_UNAVAILABLE',
};

/**
 * The one place an error becomes a response: the spec's envelope with the right status.
 * Anything unexpected is logged and answered with a generic 500; no stack ever leaves.
 */
@Catch()
export class GlobalExceptionFilter implements ExceptionFilter {
  private readonly logger = new Logger('Exceptions');

  catch(exception: unknown, host: ArgumentsHost): void {
    const res = host.switchToHttp().getResponse<Response>();
    const req = host.switchToHttp().getRequest<Request>();
    const { status, body } = this.toResponse(exception);
    if (status === HttpStatus.SERVICE_UNAVAILABLE) {
      // Expected while the database is down or frozen: one line, not a stack per request, saying
      // which deadline or failure it was (a fixed phrase: the error's own text may quote values).
      const reason = whyDatabaseUnavailable(exception);
      this.logger.warn({ method: req.method, path: req.path, code: body.error.code, ...(reason ? { reason } : {}) }, 'Service unavailable');
    } else if (status >= HttpStatus.INTERNAL_SERVER_ERROR) {
      // Name, message and stack only: a database error also carries the query's parameters.
      const { name, message, stack } = (exception ?? {}) as Partial<Error>;
      const err = { type: name, message: message ?? String(exception), stack };
      this.logger.error({ err, method: req.method, path: req.path }, 'Unhandled error');
    }
    if (res.headersSent) return;
    if (exception instanceof DomainException) res.set(exception.headers);
    if (status === HttpStatus.SERVICE_UNAVAILABLE && !res.get('Retry-After')) res.set('Retry-After', '5');
    res.status(status).json(body);
  }

  private toResponse(exception: unknown): { status: HttpStatus; body: ApiErrorBody } {
    if (exception instanceof DomainException) {
      return { status: exception.status, body: apiError(exception.message, exception.code, exception.extra, exception.fields) };
    }
    if (exception instanceof HttpException) {
      const status = exception.getStatus();
      return { status, body: apiError(messageOf(exception), CODE_BY_STATUS[status] ?? 'ERROR', extraOf(exception)) };
    }
    if (isDatabaseUnavailable(exception)) {
      return { status: HttpStatus.SERVICE_UNAVAILABLE, body: apiError(DATABASE_UNAVAILABLE_MESSAGE, 'SERVICE_UNAVAILABLE') };
    }
    return {
      status: HttpStatus.INTERNAL_SERVER_ERROR,
      body: apiError('Something went wrong on our side. Please try again.', 'INTERNAL_ERROR'),
    };
  }
}

function messageOf(exception: HttpException): string {
  const response = exception.getResponse();
  if (typeof response === 'string') return response;
  const message = (response as { message?: unknown }).message;
  if (Array.isArray(message)) return message.join('; ');
  return typeof message === 'string' ? message : exception.message;
}

function extraOf(exception: HttpException): unknown {
  const response = exception.getResponse();
  const message = typeof response === 'object' ? (response as { message?: unknown }).message : undefined;
  return Array.isArray(message) ? { errors: message } : undefined;
}
