import { isIP } from 'node:net';
import { isCidr } from '../common/http/address-matcher';
import { PROXY_RANGE_NAMES } from '../common/http/proxy-trust';

/**
 * Where the server listens, which proxies it believes, and who may read /metrics besides the
 * addresses METRICS_ALLOW_FROM names (docs/security.md, "Proxy rules").
 */
export interface NetworkConfig {
  /** The address the server listens on; loopback unless HOST says otherwise. */
  host: string;
  /**
   * The proxies whose X-Forwarded-For and X-Forwarded-Proto count, by address: Express's own
   * `trust proxy` names (loopback, linklocal, uniquelocal), addresses and CIDRs. Empty: none.
   */
  trustedProxies: string[];
  /** A bearer token that opens GET /metrics from any address; unset: addresses only. */
  metricsToken: string | undefined;
}

type Env = Record<string, string | undefined>;
type Fail = (message: string) => never;

/** Loopback: what `npm start` serves is reached from this machine only (see deployment-rules.ts). */
export const DEFAULT_HOST = '127.0.0.1';

function host(env: Env, fail: Fail): string {
  const raw = env.HOST || DEFAULT_HOST;
  const bare = raw.startsWith('[') && raw.endsWith(']') ? raw.slice(1, -1) : raw;
  // An address, not a name: a name may resolve to another interface than the one meant.
  if (bare !== 'localhost' && isIP(bare) === 0) return fail(`HOST must be an IP address to listen on (127.0.0.1, 0.0.0.0, ::) or localhost, got "${raw}"`);
  return bare;
}

function trustedProxies(env: Env, fail: Fail): string[] {
  // A hop count trusts whoever connects: a caller reaching the server directly writes the
  // X-Forwarded-For it likes. Refused loudly, so no deployment keeps believing it still counts.
  if (env.TRUST_PROXY_HOPS && env.TRUST_PROXY_HOPS !== '0') {
    return fail('TRUST_PROXY_HOPS is no longer read: name the proxies by address in TRUSTED_PROXIES instead (loopback, 10.0.0.0/8, …)');
  }
  const raw = env.TRUSTED_PROXIES;
  if (!raw) return [];
  const list = raw.split(',').map((s) => s.trim());
  const bad = list.filter((entry) => !PROXY_RANGE_NAMES.includes(entry) && !isCidr(entry));
  if (bad.length) {
    return fail(`TRUSTED_PROXIES must be a comma-separated list of addresses, CIDRs or ${PROXY_RANGE_NAMES.join('/')}, got "${bad.join(',')}"`);
  }
  return list;
}

function metricsToken(env: Env, fail: Fail): string | undefined {
  const raw = env.METRICS_TOKEN;
  if (!raw) return undefined;
  if (!/^[\x21-\x7e]{32,}$/.test(raw)) return fail('METRICS_TOKEN must be 32 or more visible characters, without spaces');
  return raw;
}

export function parseNetworkConfig(env: Env, fail: Fail): NetworkConfig {
  return { host: host(env, fail), trustedProxies: trustedProxies(env, fail), metricsToken: metricsToken(env, fail) };
}
