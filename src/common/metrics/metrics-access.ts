import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Loopback only, unless METRICS_ALLOW_FROM says otherwise. */
export const DEFAULT_METRICS_ALLOW_FROM = ['127.0.0.0/8', '::1/128'];

/** Whether a METRICS_ALLOW_FROM entry is an address or an address/prefix CIDR. */
export function isCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const max = isIPv4(address) ? 32 : isIPv6(address) ? 128 : -1;
  if (max < 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
}

/**
 * The addresses GET /metrics answers: a client address (as Express derives it from
 * TRUST_PROXY_HOPS, see client-ip.ts) in one of the CIDRs. An IPv4 address a dual-stack socket
 * reports as ::ffff:a.b.c.d is matched as IPv4.
 */
export function metricsAccess(cidrs: readonly string[]): (ip: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address, prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return (ip) => {
    if (!ip) return false;
    const plain = ip.startsWith('::ffff:') && isIPv4(ip.slice(7)) ? ip.slice(7) : ip;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}
