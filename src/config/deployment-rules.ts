import { ConfigError, parseAppConfig, type AppConfig } from './parse-app-config';

/**
 * What a STAGING or PRODUCTION site on its own database (DATABASE_URL) must not run with: the
 * conveniences of local mode, each of which hands out access to whoever asks. The embedded
 * database (no DATABASE_URL) is local mode and keeps them all, whatever APP_ENV says.
 * Answers the first rule broken as one line naming the variable, or undefined.
 */
export function deploymentRuleBroken(
  config: Pick<AppConfig, 'appEnv' | 'databaseUrl' | 'smtpUrl' | 'seedDemo' | 'viteDevServer'>,
  env: Record<string, string | undefined>,
): string | undefined {
  if (!config.databaseUrl) return undefined;
  const deployed = config.appEnv === 'PRODUCTION' || config.appEnv === 'STAGING';
  if (!deployed) return undefined;
  // Without SMTP_URL mail goes to the local mailbox, whose page (/dev/mailbox) anyone can read:
  // every sign-in link, an admin's included.
  if (!config.smtpUrl) {
    return `SMTP_URL must be set when DATABASE_URL is set in ${config.appEnv}: without it sign-in mail goes to the local mailbox (/dev/mailbox), which anyone can read`;
  }
  // Vite's dev middleware serves the source tree and files outside it (/@fs/).
  if (config.viteDevServer) return `VITE_DEV_SERVER must not be true in ${config.appEnv} with DATABASE_URL: it serves the source files`;
  // The demo accounts include admins with well-known addresses: a demo, never a live site.
  if (config.appEnv === 'PRODUCTION' && env.SEED_DEMO === 'true') {
    return 'SEED_DEMO must not be true in PRODUCTION with DATABASE_URL: it creates demo admin and agent accounts';
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
