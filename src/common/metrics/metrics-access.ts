import { addressMatcher } from '../http/address-matcher';

export { isCidr } from '../http/address-matcher';

/** Loopback only, unless METRICS_ALLOW_FROM says otherwise. */
export const DEFAULT_METRICS_ALLOW_FROM = ['127.0.0.0/8', '::1/128'];

/**
 * The addresses GET /metrics answers: a socket's peer address in one of the CIDRs (never an
 * address a header names: see metrics-endpoint.ts).
 */
export function metricsAccess(cidrs: readonly string[]): (ip: string | undefined) => boolean {
  return addressMatcher(cidrs);
}
