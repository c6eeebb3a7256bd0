import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { DomainException } from '../common/errors/domain-exception';
import { securityHeaders } from '../common/security/security-headers';
import { appConfig } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { distDir } from '../modules/ssr/ssr-source';
import { SsrService } from '../modules/ssr/ssr.service';
import { APP_VERSION } from '../modules/ssr/public-config';

const YEAR_SECONDS = 365 * 24 * 3600;

/** Options both main.ts and the e2e suites create the app with. Body parsing is ours (below). */
export const NEST_APP_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

const BODY_ERRORS: Record<string, [number, string]> = {
  'entity.parse.failed': [400, 'The request body is not valid JSON.'],
  'entity.too.large': [413, 'The request body is too large.'],
  'encoding.unsupported': [415, 'The request body has an encoding we do not accept.'],
  'charset.unsupported': [415, 'The request body has a character set we do not accept.'],
};

/** JSON bodies up to 32 kB; a body that cannot be read gets a clear message, not the parser's. */
function jsonBodies(): express.RequestHandler {
  const parse = express.json({ limit: '32kb' });
  return (req, res, next) =>
    parse(req, res, (err?: { type?: string; status?: number }) => {
      if (!err) return next();
      const [status, message] = BODY_ERRORS[err.type ?? ''] ?? [400, 'The request body could not be read.'];
      next(new DomainException(status === 413 ? 'PAYLOAD_TOO_LARGE' : status === 415 ? 'UNSUPPORTED_MEDIA_TYPE' : 'BAD_REQUEST', message, status));
    });
}

/**
 * Everything main.ts does to the app besides listening, so the e2e suites run exactly
 * production's pipeline: logger, proxy trust, headers, compression, static files, body limits.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<AppConfig>(appConfig.KEY);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxyHops);
  app.disable('x-powered-by');
  for (const handler of securityHeaders(config.appEnv)) app.use(handler);
  app.use(compression());
  app.use(jsonBodies());

  if (config.viteDevServer) {
    // Vite starts with the SSR module (on init, after this runs), so look it up per request.
    const ssr = app.get(SsrService);
    app.use((req: express.Request, res: express.Response, next: express.NextFunction) => {
      const vite = ssr.viteMiddleware();
      if (vite) vite(req, res, next);
      else next();
    });
  } else {
    const client = path.join(distDir(), 'client');
    // Hashed build output never changes under its name; everything else is revalidated daily.
    app.use('/assets', express.static(path.join(client, 'assets'), { immutable: true, maxAge: YEAR_SECONDS * 1000, index: false, fallthrough: false }));
    app.use(express.static(client, { index: false, maxAge: 24 * 3600 * 1000 }));
  }

  const openApi = new DocumentBuilder()
    .setTitle('Meterly API')
    .setDescription('The JSON API of the Meterly web site. Errors use {success:false, error:{message, code}}.')
    .setVersion(APP_VERSION)
    .build();
  SwaggerModule.setup('api/docs', app, () => SwaggerModule.createDocument(app, openApi), {
    ui: false,
    raw: ['json'],
    jsonDocumentUrl: 'api/openapi.json',
  });
  return app;
}
