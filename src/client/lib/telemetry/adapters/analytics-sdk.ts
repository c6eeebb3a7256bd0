import { AnalyticsBrowser } from '@segment/analytics-next';
import type { AnalyticsSetup } from './analytics-options';

export interface AnalyticsClient {
  page(properties: Record<string, unknown>): void;
  track(event: string, properties: Record<string, unknown>): void;
  identify(userId: string): void;
  setAnonymousId(anonymousId: string): void;
  /** Forgets the user and the anonymous id this client kept (consent withdrawn, or signed out). */
  reset(): void;
}

/** Loaded only after consent: the Segment-compatible client, sending batches to /api/a. */
export async function startAnalytics(setup: AnalyticsSetup, anonymousId: string | undefined): Promise<AnalyticsClient> {
  const [analytics] = await AnalyticsBrowser.load(setup.settings, setup.options);
  analytics.timeout(setup.eventTimeoutMs);
  if (anonymousId) analytics.setAnonymousId(anonymousId);
  return {
    page: (properties) => void analytics.page(undefined, undefined, properties),
    track: (event, properties) => void analytics.track(event, properties),
    identify: (userId) => {
      if (analytics.user().id() !== userId) void analytics.identify(userId);
    },
    setAnonymousId: (id) => void analytics.setAnonymousId(id),
    reset: () => analytics.reset(),
  };
}
