import type { Request } from 'express';

/**
 * The caller's address as Express derives it from the configured number of trusted proxy
 * hops (TRUST_PROXY_HOPS): a forged X-Forwarded-For beyond those hops is ignored.
 */
export function clientIp(req: Request): string {
  return req.ip ?? req.socket.remoteAddress ?? 'unknown';
}
