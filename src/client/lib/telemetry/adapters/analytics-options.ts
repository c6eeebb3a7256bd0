import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';

/** Spec §9 analytics figures. */
export const ANALYTICS_FIGURES = { batchSize: 10, timeoutMs: 5000, eventTimeoutMs: 300, retryAttempts: 4 } as const;

export interface AnalyticsSetup {
  settings: { writeKey: string; cdnSettings: { integrations: { 'Segment.io': { apiKey: string } }; metrics: { sampleRate: 0 } } };
  options: {
    initialPageview: false;
    retryQueue: true;
    integrations: {
      'Segment.io': {
        apiHost: string;
        protocol: 'http' | 'https';
        deliveryStrategy: { strategy: 'batching'; config: { size: number; timeout: number; maxRetries: number; headers: Record<string, string> } };
      };
    };
  };
  /** Passed to analytics.timeout(): how long a call waits for its callbacks. */
  eventTimeoutMs: number;
}

/**
 * The analytics adapter: a Segment-compatible client (analytics-next) whose batches go to our
 * own /api/a, which forwards them to ANALYTICS_UPSTREAM_URL or stores them in Postgres.
 * Off in DEVELOPMENT and TEST; settings are given here so nothing is fetched from a CDN.
 */
export function analyticsSetup(config: PublicConfig, location: { host: string; protocol: string }): AnalyticsSetup | null {
  if (!vendorsAllowedIn(config.appEnv)) return null;
  const writeKey = config.services.analyticsWriteKey;
  return {
    // The client's own health metrics (sent every 30 s to <apiHost>/m as text/plain) are not
    // the visitor's analytics they agreed to, and our /api/a takes JSON only: none are kept.
    settings: { writeKey, cdnSettings: { integrations: { 'Segment.io': { apiKey: writeKey } }, metrics: { sampleRate: 0 } } },
    options: {
      initialPageview: false,
      retryQueue: true,
      integrations: {
        'Segment.io': {
          apiHost: `${location.host}/api/a`,
          protocol: location.protocol === 'https:' ? 'https' : 'http',
          deliveryStrategy: {
            strategy: 'batching',
            config: {
              size: ANALYTICS_FIGURES.batchSize,
              timeout: ANALYTICS_FIGURES.timeoutMs,
              maxRetries: ANALYTICS_FIGURES.retryAttempts,
              // JSON, so our API's CSRF rule (JSON only) holds for /api/a too.
              headers: { 'Content-Type': 'application/json' },
            },
          },
        },
      },
    },
    eventTimeoutMs: ANALYTICS_FIGURES.eventTimeoutMs,
  };
}
