import type { AppConfig } from '../../config/parse-app-config';
import type { NextFunction, Request, RequestHandler, Response } from 'express';

export interface Warner {
  warn(message: string): void;
}

const CONSEQUENCE = 'the Secure session cookie is never set, so nobody can sign in';

/**
 * The server itself speaks plain http; TLS ends at a proxy in front of it. With an https:
 * PUBLIC_URL the session cookie is Secure, and express-session silently drops a Secure cookie
 * on a request it believes is plain http — which is every request unless the proxy is trusted
 * (TRUST_PROXY_HOPS) and says X-Forwarded-Proto: https. Nothing fails loudly, sign-in just
 * never sticks. This says so, once, in one warning line naming TRUST_PROXY_HOPS: at start when
 * no proxy is trusted at all, else on the first request that came through a proxy (it carries
 * a forwarding header) and still counts as plain http. A probe that calls the server directly,
 * without a proxy, is not a sign of anything.
 */
export function proxyTrustCheck(config: Pick<AppConfig, 'publicUrl' | 'trustProxyHops'>, log: Warner): RequestHandler[] {
  if (!config.publicUrl.startsWith('https:')) return [];
  if (config.trustProxyHops === 0) {
    log.warn(
      `PUBLIC_URL is ${config.publicUrl} but TRUST_PROXY_HOPS=0: the server sees every request as plain http, so ${CONSEQUENCE}. ` +
        'Behind a TLS-terminating proxy, set TRUST_PROXY_HOPS to the number of proxies in front of the server.',
    );
    return [];
  }
  let warned = false;
  return [
    (req: Request, _res: Response, next: NextFunction) => {
      if (!warned && !req.secure && cameThroughProxy(req)) {
        warned = true;
        log.warn(
          `PUBLIC_URL is ${config.publicUrl} but a request arrived as plain http through TRUST_PROXY_HOPS=${config.trustProxyHops} trusted proxies, so ${CONSEQUENCE}. ` +
            'Check TRUST_PROXY_HOPS matches the number of proxies and that the nearest one sends X-Forwarded-Proto: https.',
        );
      }
      next();
    },
  ];
}

function cameThroughProxy(req: Request): boolean {
  return req.headers['x-forwarded-for'] !== undefined || req.headers['x-forwarded-proto'] !== undefined || req.headers.forwarded !== undefined;
}
