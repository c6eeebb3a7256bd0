import { isLoopbackHost } from './loopback';
import type { AppEnv } from './parse-app-config';

/**
 * Why a server counts as deployed, as the words of a refusal, or undefined for a local one. Local
 * is DEVELOPMENT and TEST anywhere, and a STAGING or PRODUCTION server that only this machine can
 * reach on the embedded database: what `npm start` gives a newcomer. Anything else is deployed —
 * reachable from elsewhere (PUBLIC_URL or HOST not loopback), or on a database of its own — and
 * keeps none of local mode's conveniences (deployment-rules.ts).
 */
export function deployedBecause(config: { appEnv: AppEnv; publicUrl: string; host: string; databaseUrl: string | undefined }): string | undefined {
  if (config.appEnv === 'DEVELOPMENT' || config.appEnv === 'TEST') return undefined;
  if (!isLoopbackHost(new URL(config.publicUrl).hostname)) return `PUBLIC_URL (${config.publicUrl}) is not a loopback address`;
  if (!isLoopbackHost(config.host)) return `HOST (${config.host}) is not a loopback address`;
  if (config.databaseUrl) return 'DATABASE_URL is set';
  return undefined;
}
