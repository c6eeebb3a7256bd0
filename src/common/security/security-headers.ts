import { randomBytes } from 'node:crypto';
import type { NextFunction, Request, RequestHandler, Response } from 'express';
import helmet from 'helmet';
import type { AppEnv } from '../../config/parse-app-config';

/** The per-request nonce the inline state script carries; read by the page renderer. */
export function cspNonce(res: Response): string {
  return res.locals.cspNonce as string;
}

function assignNonce(_req: Request, res: Response, next: NextFunction): void {
  res.locals.cspNonce = randomBytes(16).toString('base64');
  next();
}

/**
 * Stripe.js and its Elements frames (docs.stripe.com/security/guide#content-security-policy),
 * allowed only when Stripe is the payment gateway.
 */
const STRIPE_SOURCES = {
  script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
  frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
  connect: ['https://api.stripe.com'],
  img: ['https://*.stripe.com'],
};

/**
 * Helmet's headers with a Content-Security-Policy that allows our own origin and, for inline
 * scripts, only the one carrying this response's nonce. Development adds what Vite's hot
 * reload needs (inline styles and its websocket); Stripe as the payment gateway adds Stripe.js.
 */
export function securityHeaders(appEnv: AppEnv, options: { stripe?: boolean } = {}): RequestHandler[] {
  const dev = appEnv === 'DEVELOPMENT';
  const stripe = (sources: keyof typeof STRIPE_SOURCES) => (options.stripe ? STRIPE_SOURCES[sources] : []);
  return [
    assignNonce,
    helmet({
      contentSecurityPolicy: {
        useDefaults: false,
        directives: {
          defaultSrc: ["'self'"],
          // Vite's dev server injects its own inline module scripts (hot reload) without a nonce.
          scriptSrc: dev ? ["'self'", "'unsafe-inline'", ...stripe('script')] : ["'self'", (_req, res) => `'nonce-${(res as Response).locals.cspNonce}'`, ...stripe('script')],
          styleSrc: dev ? ["'self'", "'unsafe-inline'"] : ["'self'"],
          imgSrc: ["'self'", 'data:', ...stripe('img')],
          fontSrc: ["'self'"],
          connectSrc: dev ? ["'self'", 'ws:', ...stripe('connect')] : ["'self'", ...stripe('connect')],
          ...(options.stripe && { frameSrc: STRIPE_SOURCES.frame }),
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
