import { DocumentBuilder, SwaggerModule } from '@nestjs/swagger';
import { Logger } from 'nestjs-pino';
import { proxyTrust } from '../common/http/proxy-trust';
import { QuietStartUpLogger } from '../common/logging/start-up-chatter';
import { keepValidationRules } from '../common/validation/validation-rules-cache';
import { appConfig } from '../config/app-config';
import { APP_VERSION } from '../modules/ssr';
import { HttpPipeline } from './http-pipeline';
import { loadLazyModules } from './load-lazy-modules';
import type { AppConfig } from '../config/app-config';
import type { NestExpressApplication } from '@nestjs/platform-express';

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
  const logger = app.get(Logger);
  app.useLogger(new QuietStartUpLogger(logger));
  // By address (TRUSTED_PROXIES), one function for Express and everything else that asks.
  const trust = proxyTrust(config.trustedProxies);
  app.set('trust proxy', (address: string) => trust(address));
  app.disable('x-powered-by');
  // Pages carry a per-response nonce, so an ETag would never match: not worth hashing them.
  app.set('etag', false);
  // Every stage in front of the routes, in order, and the doors in front of the framework: one list.
  app.get(HttpPipeline).installOn(app);

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
