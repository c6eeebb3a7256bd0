import { createParamDecorator, type ExecutionContext } from '@nestjs/common';
import type { Request } from 'express';
import { clientIp } from './client-ip';
import { requestLocale } from './request-locale';

const fromRequest = <T>(read: (req: Request) => T) => createParamDecorator((_data: unknown, context: ExecutionContext): T => read(context.switchToHttp().getRequest<Request>()));

/** The caller's address (see clientIp), for rate limits. */
export const ClientIp = fromRequest(clientIp);

/** The language of what the server writes back (see requestLocale). */
export const ClientLocale = fromRequest(requestLocale);

/** The browser's User-Agent, as sent. */
export const UserAgent = fromRequest((req) => req.headers['user-agent']);

/** Global Privacy Control: the browser asks not to be sold or shared (Sec-GPC: 1). */
export const SendsGpc = fromRequest((req) => req.headers['sec-gpc'] === '1');
