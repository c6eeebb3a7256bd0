import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';

export interface SentrySetup {
  dsn: string;
  environment: string;
  release: string;
  tracesSampleRate: number;
  replaysSessionSampleRate: number;
  replaysOnErrorSampleRate: number;
  replay: { maskAllText: false; maskAllInputs: false; block: string[] };
}

/**
 * Error reporting with session replay (spec §9): trace sample rate 0.7, replay 0.1 of
 * sessions and every session with an error, text and input masking off. Disabled in
 * DEVELOPMENT (and TEST), without a DSN, or with SENTRY_DISABLED. The environment is
 * APP_ENV, PRODUCTION by default. Masking is off as the spec says, but card fields and
 * anything marked data-private are never recorded (DESIGN.md: card numbers never leave).
 */
export function sentrySetup(config: PublicConfig): SentrySetup | null {
  const { sentryDsn, sentryDisabled } = config.services;
  if (!vendorsAllowedIn(config.appEnv) || !sentryDsn || sentryDisabled) return null;
  return {
    dsn: sentryDsn,
    environment: config.appEnv || 'PRODUCTION',
    release: `meterly-web@${config.appVersion}+${config.buildNumber}`,
    tracesSampleRate: 0.7,
    replaysSessionSampleRate: 0.1,
    replaysOnErrorSampleRate: 1,
    replay: { maskAllText: false, maskAllInputs: false, block: ['input[autocomplete^="cc-"]', '[data-private]'] },
  };
}
