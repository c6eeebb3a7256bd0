import type { Request } from 'express';

/**
 * The caller's address, the one way every rate limit, session record and log derives it: the
 * socket's peer, unless that peer is a proxy TRUSTED_PROXIES names by address, in which case
 * Express walks X-Forwarded-For back through trusted proxies only. A caller who reaches the
 * server directly cannot choose the address by writing the header. Access decisions that must
 * not rest on any header (GET /metrics) read the socket instead: see metrics-endpoint.ts.
 */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
