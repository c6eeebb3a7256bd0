import path from 'node:path';
import { DEFAULT_METRICS_ALLOW_FROM, isCidr } from '../common/metrics/metrics-access';
import { DATABASE_DEADLINES, type RequestDeadlines } from '../database/database-deadlines';
import { isUsState, LAUNCH_STATES } from '../shared/us-states';
import { deployedBecause } from './deployed-because';
import { parseNetworkConfig, type NetworkConfig } from './parse-network-config';
import { parseServicesConfig, type ServicesConfig } from './parse-services-config';

export const APP_ENVS = ['DEVELOPMENT', 'TEST', 'STAGING', 'PRODUCTION'] as const;
export type AppEnv = (typeof APP_ENVS)[number];

export interface AppConfig extends NetworkConfig {
  port: number;
  /** Unset means: start the embedded PostgreSQL in `dataDir`. */
  databaseUrl: string | undefined;
  dataDir: string;
  embeddedPostgresPort: number;
  appEnv: AppEnv;
  /** The origin the site is reached at, without a trailing slash. */
  publicUrl: string;
  buildNumber: string;
  deploymentId: string | undefined;
  /**
   * Why this server counts as deployed (reachable from elsewhere, or on its own database in
   * STAGING or PRODUCTION), or undefined for a local one: see deployed-because.ts.
   */
  deployedBecause: string | undefined;
  links: { careers: string; learnMore: string; blog: string };
  stores: { appStore: string; googlePlay: string };
  social: { facebook: string; instagram: string; x: string; linkedin: string };
  /** Who sells (the agency) and who underwrites (the insurer); DESIGN.md keeps them in config. */
  legal: { agency: string; insurer: string };
  /** The insurer's NAIC company code, printed on ID cards. */
  insurerNaic: string;
  /** The insurer's mailing address, printed on the declarations (fictional, as its name is). */
  insurerAddress: string;
  /** Whether this process works the job queue (mail, billing). Off for command-line tools, which only queue. */
  jobWorkers: boolean;
  /** Whether My account's page data is kept per customer between visits (KeptPageData); `off` reads afresh every visit. */
  pageDataKeep: boolean;
  /** Issue 29: the pages behind sign-in serve the session as last read while its row is unchanged (session-read-cache.ts). */
  sessionReadCache: boolean;
  /** How long a request waits on the database before it answers 503 (database-deadlines.ts). */
  databaseDeadlines: RequestDeadlines;
  mobile: {
    linkDomain: string;
    appStoreId: string;
    androidPackage: string;
    /** "TEAMID.bundle.id" for apple-app-site-association. */
    appleAppId: string;
    /** SHA-256 fingerprints of the Android signing certificate, for assetlinks.json. */
    androidCertFingerprints: string[];
  };
  /** Seed the demo accounts: by default on a local server's embedded database, else only when SEED_DEMO=true. */
  seedDemo: boolean;
  /** SMTP server for outgoing mail; unset: local mode (the local mailbox). */
  smtpUrl: string | undefined;
  mailFrom: string;
  /** Where a customer's claim message goes when no agent handles the claim (the claims team's inbox). */
  claimsEmail: string;
  /** Newest first; older ones still verify cookies signed before a rotation. Unset: local secret. */
  sessionSecrets: string[] | undefined;
  /** Serve through Vite's middleware with hot reload (npm run dev). */
  viteDevServer: boolean;
  /** The states we sell in (postal codes); a ZIP elsewhere may join the waiting list. */
  sellingStates: string[];
  /** The supporting services (analytics, flags, error reporting, browser logs, chat, Google tag). */
  services: ServicesConfig;
  /** Which payment gateway charges cards: the built-in sandbox, or Stripe when its keys are set. */
  payments: PaymentsConfig;
  /** The client addresses (CIDRs) GET /metrics answers; everyone else gets the site's 404. */
  metricsAllowFrom: string[];
}

export type PaymentsConfig =
  /** `chosen`: PAYMENTS_SANDBOX=true, which a PRODUCTION site on DATABASE_URL needs to run it. */
  | { provider: 'sandbox'; chosen: boolean }
  | {
      provider: 'stripe';
      secretKey: string;
      publishableKey: string;
      webhookSecret: string;
      /** Another Stripe API origin (stripe-mock, a test double); unset: api.stripe.com. */
      apiUrl: string | undefined;
    };

export class ConfigError extends Error {
  override name = 'ConfigError';
}

type Env = Record<string, string | undefined>;

function integer(env: Env, name: string, fallback: number, min: number, max: number): number {
  const raw = env[name];
  if (raw === undefined || raw === '') return fallback;
  if (!/^\d+$/.test(raw) || Number(raw) < min || Number(raw) > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, got "${raw}"`);
  }
  return Number(raw);
}

function pattern(env: Env, name: string, fallback: string, shape: RegExp): string {
  const value = env[name] || fallback;
  if (!shape.test(value)) throw new ConfigError(`${name} has an unexpected form: "${value}"`);
  return value;
}

function secrets(env: Env, name: string): string[] | undefined {
  const raw = env[name];
  if (!raw) return undefined;
  const list = raw.split(',').map((s) => s.trim());
  if (list.some((s) => s.length < 32)) throw new ConfigError(`${name} must be a comma-separated list of secrets of 32 characters or more`);
  return list;
}

function url(env: Env, name: string, fallback: string | undefined, protocols: string[]): string | undefined {
  const raw = env[name] || fallback;
  if (raw === undefined) return undefined;
  let parsed: URL;
  try {
    parsed = new URL(raw);
  } catch {
    throw new ConfigError(`${name} must be an absolute URL, got "${raw}"`);
  }
  if (!protocols.includes(parsed.protocol)) {
    throw new ConfigError(`${name} must use ${protocols.join(' or ')}, got "${parsed.protocol}"`);
  }
  return raw;
}

function stateList(env: Env, name: string, fallback: string): string[] {
  const list = (env[name] || fallback).split(',').map((s) => s.trim().toUpperCase());
  const bad = list.filter((s) => !isUsState(s));
  if (bad.length) throw new ConfigError(`${name} must be a comma-separated list of US state codes (AZ,TX,…), got "${bad.join(',')}"`);
  return [...new Set(list)];
}

function cidrList(env: Env, name: string, fallback: string[]): string[] {
  const raw = env[name];
  if (!raw) return fallback;
  const list = raw.split(',').map((s) => s.trim());
  const bad = list.filter((s) => !isCidr(s));
  if (bad.length) throw new ConfigError(`${name} must be a comma-separated list of addresses or CIDRs (10.0.0.0/8,::1), got "${bad.join(',')}"`);
  return list;
}

/**
 * The request pool's deadlines: the defaults suit a database beside the server; a slower link
 * may need more. Our own query deadline must outlast the server's statement deadline, or a slow
 * statement would cost the connection instead of being cancelled by PostgreSQL.
 */
function databaseDeadlines(env: Env): RequestDeadlines {
  const deadlines = {
    connectMs: integer(env, 'DATABASE_CONNECT_TIMEOUT_MS', DATABASE_DEADLINES.connectMs, 100, 120_000),
    statementMs: integer(env, 'DATABASE_STATEMENT_TIMEOUT_MS', DATABASE_DEADLINES.statementMs, 100, 120_000),
    queryMs: integer(env, 'DATABASE_QUERY_TIMEOUT_MS', DATABASE_DEADLINES.queryMs, 100, 120_000),
  };
  if (deadlines.queryMs <= deadlines.statementMs) {
    throw new ConfigError(`DATABASE_QUERY_TIMEOUT_MS (${deadlines.queryMs}) must be longer than DATABASE_STATEMENT_TIMEOUT_MS (${deadlines.statementMs})`);
  }
  return deadlines;
}

/** Validates the environment into an AppConfig; a bad value throws one readable ConfigError. */
export function parseAppConfig(env: Env): AppConfig {
  const appEnv = (env.APP_ENV || 'PRODUCTION').toUpperCase();
  if (!(APP_ENVS as readonly string[]).includes(appEnv)) {
    throw new ConfigError(`APP_ENV must be one of ${APP_ENVS.join(', ')}, got "${env.APP_ENV}"`);
  }
  const port = integer(env, 'PORT', 3000, 0, 65535);
  const appStoreId = pattern(env, 'APP_STORE_ID', '6450000000', /^\d{6,12}$/);
  const androidPackage = pattern(env, 'ANDROID_PACKAGE_ID', 'com.meterly.app', /^[a-z][a-z0-9_]*(\.[a-z][a-z0-9_]*)+$/);
  const publicUrl = url(env, 'PUBLIC_URL', `http://localhost:${port || 3000}`, ['http:', 'https:'])!;
  const network = parseNetworkConfig(env, (message) => {
    throw new ConfigError(message);
  });
  const databaseUrl = url(env, 'DATABASE_URL', undefined, ['postgres:', 'postgresql:']);
  const deployed = deployedBecause({ appEnv: appEnv as AppEnv, publicUrl: new URL(publicUrl).origin, host: network.host, databaseUrl });
  const config: AppConfig = {
    port,
    ...network,
    databaseUrl,
    dataDir: path.resolve(env.DATA_DIR || '.data'),
    embeddedPostgresPort: integer(env, 'EMBEDDED_PG_PORT', 54329, 1024, 65535),
    appEnv: appEnv as AppEnv,
    publicUrl: new URL(publicUrl).origin,
    buildNumber: env.BUILD_NUMBER || 'local',
    deploymentId: env.DEPLOYMENT_ID || undefined,
    deployedBecause: deployed,
    links: {
      careers: url(env, 'CAREERS_URL', 'https://careers.meterly.example', ['https:'])!,
      learnMore: url(env, 'LEARN_MORE_URL', 'https://learn.meterly.example', ['https:'])!,
      blog: url(env, 'BLOG_URL', 'https://blog.meterly.example', ['https:'])!,
    },
    stores: {
      appStore: `https://apps.apple.com/app/id${appStoreId}`,
      googlePlay: `https://play.google.com/store/apps/details?id=${androidPackage}`,
    },
    social: {
      facebook: url(env, 'SOCIAL_FACEBOOK_URL', 'https://www.facebook.com/meterly', ['https:'])!,
      instagram: url(env, 'SOCIAL_INSTAGRAM_URL', 'https://www.instagram.com/meterly', ['https:'])!,
      x: url(env, 'SOCIAL_X_URL', 'https://x.com/meterly', ['https:'])!,
      linkedin: url(env, 'SOCIAL_LINKEDIN_URL', 'https://www.linkedin.com/company/meterly', ['https:'])!,
    },
    legal: {
      agency: env.AGENCY_NAME || 'Meterly Insurance Services, LLC',
      insurer: env.INSURER_NAME || 'Harborline Casualty Company',
    },
    insurerNaic: pattern(env, 'INSURER_NAIC', '10432', /^\d{5}$/),
    insurerAddress: env.INSURER_ADDRESS || '1 Harborline Way, Hartford, CT 06103',
    jobWorkers: pattern(env, 'JOB_WORKERS', 'on', /^(on|off)$/) === 'on',
    pageDataKeep: pattern(env, 'PAGE_DATA_KEEP', 'on', /^(on|off)$/) === 'on',
    sessionReadCache: pattern(env, 'SESSION_READ_CACHE', 'on', /^(on|off)$/) === 'on',
    databaseDeadlines: databaseDeadlines(env),
    mobile: {
      linkDomain: new URL(url(env, 'APP_LINK_DOMAIN', 'https://go.meterly.example', ['https:'])!).host,
      appStoreId,
      androidPackage,
      appleAppId: pattern(env, 'APPLE_APP_ID', 'ABCDE12345.com.meterly.app', /^[A-Z0-9]{10}\.[A-Za-z0-9.-]+$/),
      androidCertFingerprints: (
        env.ANDROID_CERT_FINGERPRINTS || '14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5'
      )
        .split(',')
        .map((f) => f.trim()),
    },
    viteDevServer: env.VITE_DEV_SERVER === 'true',
    sessionSecrets: secrets(env, 'SESSION_SECRETS'),
    smtpUrl: url(env, 'SMTP_URL', undefined, ['smtp:', 'smtps:']),
    // The demo accounts include admins anyone can name: only where no one else can reach the site.
    seedDemo: env.SEED_DEMO === 'true' || (!deployed && !databaseUrl && env.SEED_DEMO !== 'false'),
    mailFrom: env.MAIL_FROM || 'Meterly <hello@meterly.example>',
    claimsEmail: env.CLAIMS_EMAIL || 'claims@meterly.example',
    sellingStates: stateList(env, 'SELLING_STATES', LAUNCH_STATES.join(',')),
    services: parseServicesConfig(env, (message) => {
      throw new ConfigError(message);
    }),
    payments: payments(env),
    metricsAllowFrom: cidrList(env, 'METRICS_ALLOW_FROM', DEFAULT_METRICS_ALLOW_FROM),
  };
  return config;
}

const STRIPE_KEYS = ['STRIPE_SECRET_KEY', 'STRIPE_PUBLISHABLE_KEY', 'STRIPE_WEBHOOK_SECRET'] as const;

/** Stripe when all three keys are set (and agree on test or live mode), the sandbox when none is. */
function payments(env: Env): PaymentsConfig {
  const set = STRIPE_KEYS.filter((name) => env[name]);
  if (set.length === 0) {
    if (env.STRIPE_API_URL) throw new ConfigError(`STRIPE_API_URL needs the Stripe keys (${STRIPE_KEYS.join(', ')})`);
    return { provider: 'sandbox', chosen: env.PAYMENTS_SANDBOX === 'true' };
  }
  if (set.length < STRIPE_KEYS.length) {
    const missing = STRIPE_KEYS.filter((name) => !env[name]);
    throw new ConfigError(`Stripe needs ${STRIPE_KEYS.join(', ')} together; ${missing.join(' and ')} ${missing.length > 1 ? 'are' : 'is'} missing`);
  }
  const secretKey = env.STRIPE_SECRET_KEY!;
  const publishableKey = env.STRIPE_PUBLISHABLE_KEY!;
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET!;
  // The messages name the variable and the form expected, never the value: these are secrets.
  if (!/^(sk|rk)_(test|live)_[A-Za-z0-9]{8,}$/.test(secretKey))
    throw new ConfigError('STRIPE_SECRET_KEY must be a Stripe secret or restricted key (sk_test_…, sk_live_…, rk_…)');
  if (!/^pk_(test|live)_[A-Za-z0-9]{8,}$/.test(publishableKey))
    throw new ConfigError('STRIPE_PUBLISHABLE_KEY must be a Stripe publishable key (pk_test_… or pk_live_…)');
  if (!/^whsec_[A-Za-z0-9_+/=]{16,}$/.test(webhookSecret)) throw new ConfigError('STRIPE_WEBHOOK_SECRET must be a webhook signing secret (whsec_…)');
  if (secretKey.split('_')[1] !== publishableKey.split('_')[1]) {
    throw new ConfigError('STRIPE_SECRET_KEY and STRIPE_PUBLISHABLE_KEY must both be test keys or both be live keys');
  }
  const apiUrl = url(env, 'STRIPE_API_URL', undefined, ['http:', 'https:']);
  return { provider: 'stripe', secretKey, publishableKey, webhookSecret, apiUrl: apiUrl && new URL(apiUrl).origin };
}
