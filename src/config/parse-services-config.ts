/**
 * The supporting services of spec §1 (analytics, feature flags, error reporting with replay,
 * browser logging, live chat, Google tag). Each is optional: unset means the first-party
 * default (README, "Supporting services"). Only browser-safe keys are configured here; each
 * reaches the page through the public config and is used by its adapter per APP_ENV.
 */
export interface ServicesConfig {
  analytics: {
    /** The Segment-compatible write key the browser client sends its events with. */
    writeKey: string;
    /** Where /api/a forwards event batches (`<url>/b`); unset: events are stored in Postgres. */
    upstreamUrl: string | undefined;
  };
  launchDarkly: { clientSideId: string | undefined };
  sentry: { dsn: string | undefined; disabled: boolean };
  datadog: { clientToken: string | undefined; site: string };
  chat: { widgetUrl: string | undefined };
  gtag: { id: string | undefined };
}

export const DATADOG_SITES = [
  'datadoghq.com',
  'us3.datadoghq.com',
  'us5.datadoghq.com',
  'ap1.datadoghq.com',
  'ap2.datadoghq.com',
  'datadoghq.eu',
  'ddog-gov.com',
] as const;

type Env = Record<string, string | undefined>;
type Fail = (message: string) => never;

const LOOPBACK = /^(localhost|127\.\d+\.\d+\.\d+|\[::1\])$/;

function optionalUrl(env: Env, name: string, fail: Fail, { loopbackHttp = false } = {}): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    return fail(`${name} must be an absolute URL, got "${raw}"`);
  }
  const httpAllowed = loopbackHttp && LOOPBACK.test(parsed.hostname);
  if (parsed.protocol !== 'https:' && !(httpAllowed && parsed.protocol === 'http:')) {
    return fail(`${name} must use https:${loopbackHttp ? ' (http: only on loopback)' : ''}, got "${parsed.protocol}"`);
  }
  return raw.replace(/\/+$/, '');
}

function optionalPattern(env: Env, name: string, shape: RegExp, what: string, fail: Fail): string | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  if (!shape.test(raw)) return fail(`${name} must be ${what}, got "${raw}"`);
  return raw;
}

function flag(env: Env, name: string, fail: Fail): boolean {
  const raw = (env[name] ?? '').toLowerCase();
  if (raw === '' || raw === 'false') return false;
  if (raw === 'true') return true;
  return fail(`${name} must be true or false, got "${env[name]}"`);
}

export function parseServicesConfig(env: Env, fail: Fail): ServicesConfig {
  const sentryDsn = optionalUrl(env, 'SENTRY_DSN', fail);
  if (sentryDsn && !new URL(sentryDsn).username) fail('SENTRY_DSN must carry its public key (https://<key>@<host>/<project>)');
  const site = env.DATADOG_SITE || 'datadoghq.com';
  if (!(DATADOG_SITES as readonly string[]).includes(site)) fail(`DATADOG_SITE must be one of ${DATADOG_SITES.join(', ')}, got "${site}"`);
  return {
    analytics: {
      writeKey: optionalPattern(env, 'ANALYTICS_WRITE_KEY', /^[A-Za-z0-9_-]{1,64}$/, 'letters, digits, _ or - (at most 64)', fail) ?? 'meterly-web',
      upstreamUrl: optionalUrl(env, 'ANALYTICS_UPSTREAM_URL', fail, { loopbackHttp: true }),
    },
    launchDarkly: { clientSideId: optionalPattern(env, 'LAUNCHDARKLY_CLIENT_SIDE_ID', /^[a-f0-9]{24}$/, 'a client-side ID (24 hexadecimal characters)', fail) },
    sentry: { dsn: sentryDsn, disabled: flag(env, 'SENTRY_DISABLED', fail) },
    datadog: {
      clientToken: optionalPattern(env, 'DATADOG_CLIENT_TOKEN', /^pub[a-f0-9]{32}$/, 'a client token (pub followed by 32 hexadecimal characters)', fail),
      site,
    },
    chat: { widgetUrl: optionalUrl(env, 'CHAT_WIDGET_URL', fail) },
    gtag: { id: optionalPattern(env, 'GTAG_ID', /^(G|AW|GT|DC)-[A-Z0-9]{4,20}$/, 'a Google tag ID such as G-ABC123XYZ', fail) },
  };
}
