import { carriesForwardingHeaders } from '../../common/http/forwarding-headers';
import { fromTrustedProxy, type ProxyTrust } from '../../common/http/proxy-trust';
import { metricsAccess } from '../../common/metrics/metrics-access';
import { bearerTokenCheck } from '../../common/metrics/metrics-token';
import type { AppConfig } from '../../config/app-config';
import type { MetricsService } from './metrics.service';
import type { NextFunction, Request, Response } from 'express';

/**
 * GET /metrics in the Prometheus text format, for a scraper that either connects straight from
 * an address METRICS_ALLOW_FROM names, or sends `Authorization: Bearer <METRICS_TOKEN>`. "Straight"
 * is the socket's peer, never a header's word: a request a proxy relays (from a trusted proxy,
 * or carrying forwarding headers) does not count as the proxy's own, since a proxy on this
 * machine would otherwise open the endpoint to everyone behind it through its loopback
 * address. Anyone else goes on to the site's own 404, so the endpoint looks like no page at all.
 * Installed before the routes: no session is read.
 */
export function metricsEndpoint(metrics: MetricsService, config: Pick<AppConfig, 'metricsAllowFrom' | 'metricsToken'>, trust: ProxyTrust) {
  const allowedAddress = metricsAccess(config.metricsAllowFrom);
  const tokenMatches = bearerTokenCheck(config.metricsToken);
  const direct = (req: Request) => !carriesForwardingHeaders(req) && !fromTrustedProxy(trust, req);
  return (req: Request, res: Response, next: NextFunction): void => {
    const allowed = tokenMatches(req.headers.authorization) || (direct(req) && allowedAddress(req.socket.remoteAddress));
    if (!allowed) return next();
    metrics.scrape().then(
      (body) => {
        // end, not send: send would rewrite the media type Prometheus names (charset first).
        res.status(200).setHeader('Content-Type', metrics.contentType).setHeader('Cache-Control', 'no-store').end(body);
      },
      (error: unknown) => next(error),
    );
  };
}
