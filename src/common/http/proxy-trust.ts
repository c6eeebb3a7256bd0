import { addressMatcher } from './address-matcher';
import type { IncomingMessage } from 'node:http';

/** The ranges Express's `trust proxy` (proxy-addr) knows by name, with the same meaning here. */
const NAMED_RANGES: Record<string, string[]> = {
  loopback: ['127.0.0.0/8', '::1/128'],
  linklocal: ['169.254.0.0/16', 'fe80::/10'],
  uniquelocal: ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16', 'fc00::/7'],
};
export const PROXY_RANGE_NAMES = Object.keys(NAMED_RANGES);

export type ProxyTrust = (address: string | undefined) => boolean;

/**
 * Whether an address is one of the proxies TRUSTED_PROXIES names (names, addresses, CIDRs): the
 * one answer Express's `trust proxy` (so req.ip and req.secure), the session cookie, the
 * /metrics rule and the proxy warning all use. By address, never a hop count, which would
 * believe whoever connects directly (docs/security.md, "Proxy rules"). Empty: no one.
 */
export function proxyTrust(trustedProxies: readonly string[]): ProxyTrust {
  return addressMatcher(trustedProxies.flatMap((entry) => NAMED_RANGES[entry] ?? [entry]));
}

/** Whether the request's socket peer is a trusted proxy: what it forwards counts. */
export function fromTrustedProxy(trust: ProxyTrust, req: IncomingMessage): boolean {
  return trust(req.socket.remoteAddress);
}
