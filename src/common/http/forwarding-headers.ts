import type { IncomingMessage } from 'node:http';

/**
 * Whether a request carries the headers a proxy adds when it relays one. Anyone can write them,
 * so they may only take something away (the direct caller's access to /metrics) or prompt a
 * warning, never grant anything: what they say counts only from a trusted proxy (client-ip.ts).
 */
export function carriesForwardingHeaders(req: IncomingMessage): boolean {
  const h = req.headers;
  return h['x-forwarded-for'] !== undefined || h['x-forwarded-proto'] !== undefined || h.forwarded !== undefined || h['x-real-ip'] !== undefined;
}
