import { ConfigError, parseAppConfig, type AppConfig } from './parse-app-config';

const STRIPE_KEYS = 'STRIPE_SECRET_KEY, STRIPE_PUBLISHABLE_KEY, STRIPE_WEBHOOK_SECRET';

/**
 * What a deployed server (see deployed-because.ts: reachable from elsewhere, or STAGING or
 * PRODUCTION on its own database) must not run with: the conveniences of local mode, each of
 * which hands out access to whoever asks. Whichever database it uses: the embedded one can be
 * deployed too, and its mailbox is as readable as any. A local server keeps them all.
 * Answers the first rule broken as one line naming the variable and why it applies, or undefined.
 */
export function deploymentRuleBroken(
  config: Pick<AppConfig, 'appEnv' | 'deployedBecause' | 'smtpUrl' | 'viteDevServer' | 'payments'>,
  env: Record<string, string | undefined>,
): string | undefined {
  if (!config.deployedBecause) return undefined;
  const where = `in ${config.appEnv} when ${config.deployedBecause}`;
  // Without SMTP_URL mail goes to the local mailbox, whose page (/dev/mailbox) anyone can read:
  // every sign-in link, an admin's included.
  if (!config.smtpUrl) return `SMTP_URL must be set ${where}: without it sign-in mail goes to the local mailbox (/dev/mailbox), which anyone can read`;
  // Vite's dev middleware serves the source tree and files outside it (/@fs/).
  if (config.viteDevServer) return `VITE_DEV_SERVER must not be true ${where}: it serves the source files`;
  // The demo accounts include admins with well-known addresses: a demo, never a live site.
  if (config.appEnv === 'PRODUCTION' && env.SEED_DEMO === 'true') return `SEED_DEMO must not be true ${where}: it creates demo admin and agent accounts`;
  // The sandbox approves any valid card: real customers must not buy against test cards.
  if (config.appEnv === 'PRODUCTION' && config.payments.provider === 'sandbox' && !config.payments.chosen) {
    return `Set the Stripe keys (${STRIPE_KEYS}) ${where}, or PAYMENTS_SANDBOX=true to take test cards only`;
  }
  return undefined;
}

/**
 * The configuration of a server that takes requests: the rules above stop it in one line. The
 * command-line tools (staff, sessions, billing, migrate) serve nothing and read parseAppConfig
 * alone: an operator adding staff on a production database needs no SMTP_URL.
 */
export function parseServerConfig(env: Record<string, string | undefined>): AppConfig {
  const config = parseAppConfig(env);
  const broken = deploymentRuleBroken(config, env);
  if (broken) throw new ConfigError(broken);
  return config;
}
