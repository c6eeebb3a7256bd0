import path from 'node:path';
import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger, PinoLogger } from 'nestjs-pino';
import { compressWhenAccepted } from '../common/http/compress-when-accepted';
import { installFrontDoor } from '../common/http/front-door';
import { noStoreByDefault } from '../common/http/no-store-by-default';
import { proxyTrust } from '../common/http/proxy-trust';
import { proxyTrustCheck } from '../common/http/proxy-trust-check';
import { QuietStartUpLogger } from '../common/logging/start-up-chatter';
import { requestMetrics } from '../common/metrics/request-metrics';
import { securityHeaders } from '../common/security/security-headers';
import { refuseControlCharacters } from '../common/validation/refuse-control-characters.middleware';
import { keepValidationRules } from '../common/validation/validation-rules-cache';
import { appConfig } from '../config/app-config';
import { metricsEndpoint, MetricsService } from '../modules/metrics';
import { EstimateDoor } from '../modules/quote';
import { APP_VERSION, distDir, pageFastPath, PagePipeline, SignedInPageDoor, SsrService } from '../modules/ssr';
import { jsonBodies } from './json-bodies';
import { loadLazyModules } from './load-lazy-modules';
import { staticFiles } from './static-files';
import type { AppConfig } from '../config/app-config';
import type { NestExpressApplication } from '@nestjs/platform-express';
import type { NextFunction, Request, Response } from 'express';

/** Options both main.ts and the e2e suites create the app with. Body parsing is ours. */
export const NEST_APP_OPTIONS = { bufferLogs: true, bodyParser: false } as const;

/**
 * Everything main.ts does to the app besides listening, so the e2e suites run exactly
 * production's pipeline: logger, proxy trust, headers, compression, static files, body limits.
 */
export async function configureApp(app: NestExpressApplication): Promise<NestExpressApplication> {
  const config = app.get<AppConfig>(appConfig.KEY);
  loadLazyModules();
  keepValidationRules();
  const security = securityHeaders(config);
  const logger = app.get(Logger);
  app.useLogger(new QuietStartUpLogger(logger));
  // By address (TRUSTED_PROXIES), one function for Express and everything else that asks.
  const trust = proxyTrust(config.trustedProxies);
  app.set('trust proxy', (address: string) => trust(address));
  // First, so every request that reaches Express is timed (open pages from memory: in the fast path).
  app.use(requestMetrics());
  // On Express itself, before Nest's routes: a refused address falls through to the site's 404.
  const express = app.getHttpAdapter().getInstance();
  express.get('/metrics', metricsEndpoint(app.get(MetricsService), config, trust));
  for (const handler of proxyTrustCheck(config, trust, { warn: (message) => logger.warn(message, 'ProxyTrust') })) app.use(handler);
  app.use(noStoreByDefault());
  app.disable('x-powered-by');
  // Pages carry a per-response nonce, so an ETag would never match: not worth hashing them.
  app.set('etag', false);
  for (const handler of security) app.use(handler);
  app.use(compressWhenAccepted());
  app.use(jsonBodies());
  app.use(refuseControlCharacters());

  if (config.viteDevServer) {
    // Vite starts with the SSR module (on init, after this runs), so look it up per request.
    const ssr = app.get(SsrService);
    app.use((req: Request, res: Response, next: NextFunction) => {
      const vite = ssr.viteMiddleware();
      if (vite) vite(req, res, next);
      else next();
    });
  } else {
    const [assets, rootFiles] = staticFiles(path.join(distDir(), 'client'));
    app.use('/assets', assets);
    app.use(rootFiles);
    const log = () => PinoLogger.root;
    installFrontDoor(app.getHttpServer(), pageFastPath(app.get(PagePipeline), log));
    installFrontDoor(app.getHttpServer(), app.get(EstimateDoor).door(log));
    installFrontDoor(app.getHttpServer(), app.get(SignedInPageDoor).door(log));
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
