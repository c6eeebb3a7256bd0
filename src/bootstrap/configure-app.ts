import path from 'node:path';
import compression from 'compression';
import express from 'express';
import type { NestExpressApplication } from '@nestjs/platform-express';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { securityHeaders } from '../common/security/security-headers';
import { appConfig } from '../config/app-config';
import type { AppConfig } from '../config/app-config';
import { distDir } from '../modules/ssr/ssr-source';
import { SsrService } from '../modules/ssr/ssr.service';
import { APP_VERSION } from '../modules/ssr/public-config';

const YEAR_SECONDS = 365 * 24 * 3600;

/**
 * Everything main.ts does to the app besides listening, so the e2e suites run exactly
 * production's pipeline: logger, proxy trust, headers, compression, static files, body limits.
 */
export function configureApp(app: NestExpressApplication): NestExpressApplication {
  const config = app.get<AppConfig>(appConfig.KEY);
  app.useLogger(app.get(Logger));
  app.set('trust proxy', config.trustProxyHops);
  app.disable('x-powered-by');
  app.useBodyParser('json', { limit: '32kb' });
  for (const handler of securityHeaders(config.appEnv)) app.use(handler);
  app.use(compression());

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
