import { BlockList, isIPv4, isIPv6 } from 'node:net';

const LOOPBACK = new BlockList();
LOOPBACK.addSubnet('127.0.0.0', 8, 'ipv4');
LOOPBACK.addAddress('::1', 'ipv6');

/**
 * Whether a host name or address can only be reached from this machine: `localhost`, an address
 * in 127.0.0.0/8, or ::1 (with or without the brackets a URL puts around it). Anything else —
 * 0.0.0.0 and :: included, which listen on every interface — can be reached from elsewhere.
 */
export function isLoopbackHost(host: string): boolean {
  const bare = host.startsWith('[') && host.endsWith(']') ? host.slice(1, -1) : host;
  if (bare.toLowerCase() === 'localhost') return true;
  if (isIPv4(bare)) return LOOPBACK.check(bare, 'ipv4');
  return isIPv6(bare) && LOOPBACK.check(bare, 'ipv6');
}
