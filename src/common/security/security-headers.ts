import helmet from 'helmet';
import { freshCspNonce } from './csp-nonce';
import { paymentSources, vendorSources } from './vendor-sources';
import type { AppConfig } from '../../config/parse-app-config';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

/** The per-request nonce the inline state script carries; read by the page renderer. */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

function assignNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = freshCspNonce();
  next();
}

/**
 * Helmet's headers with a Content-Security-Policy that allows our own origin and, for inline
 * scripts, only the one carrying this response's nonce. Development adds what Vite's hot
 * reload needs (inline styles and its websocket).
 */
export function securityHeaders({ appEnv, services, payments }: Pick<AppConfig, 'appEnv' | 'services' | 'payments'>): RequestHandler[] {
  const dev = appEnv === 'DEVELOPMENT';
  // The supporting services' hosts, only for those configured (issue 5), and Stripe's when it is
  // the payment gateway.
  const vendors = vendorSources(services, paymentSources(payments));
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Vite's dev server injects its own inline module scripts (hot reload) without a nonce.
          scriptSrc: dev
            ? ["'self'", "'unsafe-inline'", ...vendors.script]
            : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...vendors.script],
          // The page's stylesheet is inline (src/modules/ssr/page-assets.ts), under the nonce.
          styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`],
          imgSrc: ["'self'", 'data:', ...vendors.img],
          fontSrc: ["'self'"],
          connectSrc: dev ? ["'self'", 'ws:', ...vendors.connect] : ["'self'", ...vendors.connect],
          ...(vendors.frame.length > 0 && { frameSrc: vendors.frame }),
          ...(vendors.worker.length > 0 && { workerSrc: ["'self'", ...vendors.worker] }),
          manifestSrc: ["'self'"],
          objectSrc: ["'none'"],
          baseUri: ["'self'"],
          formAction: ["'self'"],
          frameAncestors: ["'none'"],
          upgradeInsecureRequests: null,
        },
      },
      crossOriginEmbedderPolicy: false,
      referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    }),
  ];
}
