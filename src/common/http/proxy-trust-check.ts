import { carriesForwardingHeaders } from './forwarding-headers';
import { fromTrustedProxy, type ProxyTrust } from './proxy-trust';
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
 * (TRUSTED_PROXIES names its address) and says X-Forwarded-Proto: https. Nothing fails loudly,
 * sign-in just never sticks. This says so, once, in one warning line naming TRUSTED_PROXIES: at
 * start when no proxy is trusted at all, else on the first request that came through a proxy
 * (it carries a forwarding header) and still counts as plain http — from a trusted proxy that
 * does not say https, or from an address the list does not name. A probe that calls the server
 * directly, without forwarding headers, is not a sign of anything.
 */
export function proxyTrustCheck(config: Pick<AppConfig, 'publicUrl' | 'trustedProxies'>, trust: ProxyTrust, log: Warner): RequestHandler[] {
  if (!config.publicUrl.startsWith('https:')) return [];
  if (config.trustedProxies.length === 0) {
    log.warn(
      `PUBLIC_URL is ${config.publicUrl} but TRUSTED_PROXIES is empty: the server sees every request as plain http, so ${CONSEQUENCE}. ` +
        'Behind a TLS-terminating proxy, set TRUSTED_PROXIES to its address (loopback for a proxy on this machine).',
    );
    return [];
  }
  let warned = false;
  return [
    (req: Request, _res: Response, next: NextFunction) => {
      if (!warned && !req.secure && carriesForwardingHeaders(req)) {
        warned = true;
        const peer = req.socket.remoteAddress ?? 'an unknown address';
        log.warn(
          fromTrustedProxy(trust, req)
            ? `PUBLIC_URL is ${config.publicUrl} but a request arrived as plain http through the trusted proxy at ${peer}, so ${CONSEQUENCE}. ` +
                'Check that the proxy TRUSTED_PROXIES names sends X-Forwarded-Proto: https.'
            : `PUBLIC_URL is ${config.publicUrl} but a request with forwarding headers came from ${peer}, which TRUSTED_PROXIES (${config.trustedProxies.join(',')}) does not name, so through it ${CONSEQUENCE}. ` +
                'If that address is your proxy, add it to TRUSTED_PROXIES.',
        );
      }
      next();
    },
  ];
}
