import { clientIp } from '../../common/http/client-ip';
import { metricsAccess } from '../../common/metrics/metrics-access';
import type { MetricsService } from './metrics.service';
import type { NextFunction, Request, Response } from 'express';

/**
 * GET /metrics in the Prometheus text format, for the addresses METRICS_ALLOW_FROM names (the
 * client address as Express derives it: X-Forwarded-For counts only through TRUST_PROXY_HOPS
 * trusted proxies). Anyone else goes on to the site's own 404, so the
 * endpoint looks like no page at all. Installed before the routes: no session is read.
 */
export function metricsEndpoint(metrics: MetricsService, allowFrom: readonly string[]) {
  const allowed = metricsAccess(allowFrom);
  return (req: Request, res: Response, next: NextFunction): void => {
    if (!allowed(clientIp(req))) return next();
    metrics.scrape().then(
      (body) => {
        // end, not send: send would rewrite the media type Prometheus names (charset first).
        res.status(200).setHeader('Content-Type', metrics.contentType).setHeader('Cache-Control', 'no-store').end(body);
      },
      (error: unknown) => next(error),
    );
  };
}
