import { datadogLogs } from '@datadog/browser-logs';
import type { LogSink } from '../logger';
import type { DatadogSetup } from './datadog-options';

export interface BrowserLoggingClient {
  sink: LogSink;
  setUser(user: { userId?: string; userEmail?: string }): void;
  stop(): void;
}

/** Loaded only after consent: Datadog browser logs, fed by our logger. */
export function startDatadog(setup: DatadogSetup): BrowserLoggingClient {
  datadogLogs.init({ ...setup.init, trackingConsent: 'granted' });
  datadogLogs.logger.setLevel(setup.level);
  return {
    sink: {
      write(entry) {
        const context = { tag: entry.tag, correlationId: entry.correlationId, url: entry.url, ...(entry.details && { details: entry.details }) };
        datadogLogs.logger.log(entry.message, context, entry.level, entry.thrown instanceof Error ? entry.thrown : undefined);
      },
    },
    setUser: ({ userId, userEmail }) => (userId ? datadogLogs.setUser({ id: userId, email: userEmail }) : datadogLogs.clearUser()),
    stop: () => datadogLogs.setTrackingConsent('not-granted'),
  };
}
