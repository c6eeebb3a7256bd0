import { Module } from '@nestjs/common';
import { LoggerModule } from 'nestjs-pino';
import { appConfig } from '../../config/app-config';
import { correlationId } from './correlation-id';
import { redactUrl } from './redact-url';
import type { AppConfig } from '../../config/app-config';
import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * Pino for every log line: JSON where a machine reads the output, readable lines in development
 * and in a terminal (`npm start` by hand), one correlation id per request. Cookies,
 * authorization and Set-Cookie are never written.
 */
@Module({
  imports: [
    LoggerModule.forRootAsync({
      inject: [appConfig.KEY],
      useFactory: (config: AppConfig) => ({
        pinoHttp: {
          level: process.env.LOG_LEVEL || (config.appEnv === 'TEST' ? 'warn' : 'info'),
          transport:
            config.appEnv === 'DEVELOPMENT' || (config.appEnv !== 'TEST' && process.stdout.isTTY)
              ? {
                  target: 'pino-pretty',
                  options: {
                    singleLine: true,
                    translateTime: 'SYS:HH:MM:ss',
                    ignore: 'pid,hostname,context',
                    messageFormat: '{if context}{context}: {end}{msg}',
                  },
                }
              : undefined,
          genReqId: correlationId,
          customAttributeKeys: { reqId: 'correlationId' },
          quietReqLogger: true,
          redact: { paths: ['req.headers.cookie', 'req.headers.authorization', 'res.headers["set-cookie"]'], remove: true },
          serializers: {
            req: (req: IncomingMessage & { id?: string }) => ({
              method: req.method,
              url: redactUrl(req.url ?? ''),
            }),
            res: (res: ServerResponse) => ({ statusCode: res.statusCode }),
          },
          // Static assets and health checks are too many to be worth a line each.
          autoLogging: { ignore: (req: IncomingMessage) => /^\/(assets\/|api\/health)/.test(req.url ?? '') },
        },
      }),
    }),
  ],
})
export class LoggingModule {}
