import { BlockList, isIPv4, isIPv6 } from 'node:net';

/** Whether an entry is an address or an address/prefix CIDR. */
export function isCidr(entry: string): boolean {
  const [address, prefix, extra] = entry.split('/');
  if (extra !== undefined || !address) return false;
  const max = isIPv4(address) ? 32 : isIPv6(address) ? 128 : -1;
  if (max < 0) return false;
  return prefix === undefined || (/^\d{1,3}$/.test(prefix) && Number(prefix) <= max);
}

/**
 * Whether an address is in one of the CIDRs (entries already checked with isCidr). An IPv4
 * address a dual-stack socket reports as ::ffff:a.b.c.d is matched as IPv4.
 */
export function addressMatcher(cidrs: readonly string[]): (address: string | undefined) => boolean {
  const list = new BlockList();
  for (const entry of cidrs) {
    const [address, prefix] = entry.split('/');
    const type = isIPv4(address) ? 'ipv4' : 'ipv6';
    list.addSubnet(address, prefix === undefined ? (type === 'ipv4' ? 32 : 128) : Number(prefix), type);
  }
  return (address) => {
    if (!address) return false;
    const plain = address.startsWith('::ffff:') && isIPv4(address.slice(7)) ? address.slice(7) : address;
    if (isIPv4(plain)) return list.check(plain, 'ipv4');
    return isIPv6(plain) && list.check(plain, 'ipv6');
  };
}
