import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';

export interface DatadogSetup {
  init: {
    clientToken: string;
    site: string;
    service: string;
    env: string;
    version: string;
    sessionSampleRate: number;
    /** Uncaught errors reach Datadog through our logger (spec §7), once. */
    forwardErrorsToLogs: false;
  };
  level: 'info' | 'debug';
}

/**
 * Browser logging with Datadog (@datadog/browser-logs 5): info level in production, debug
 * elsewhere. Spec §9's figures — batches of 50 messages or 16384 bytes, a flush after 30 s, a
 * 3 MiB retry queue, 3000 events a minute per level, sessions of 4 h ending after 15 min
 * idle — are that SDK's own (checked by datadog-options.spec.ts). Off in DEVELOPMENT and
 * TEST and without a client token: then logs go to POST /api/logs.
 */
export function datadogSetup(config: PublicConfig): DatadogSetup | null {
  const datadog = config.services.datadog;
  if (!vendorsAllowedIn(config.appEnv) || !datadog) return null;
  return {
    init: {
      clientToken: datadog.clientToken,
      site: datadog.site,
      service: 'meterly-web',
      env: config.appEnv.toLowerCase(),
      version: config.appVersion,
      sessionSampleRate: 100,
      forwardErrorsToLogs: false,
    },
    level: config.appEnv === 'PRODUCTION' ? 'info' : 'debug',
  };
}
