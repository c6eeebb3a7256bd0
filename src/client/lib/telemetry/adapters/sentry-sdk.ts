import * as Sentry from '@sentry/react';
import type { LogEntry, LogSink } from '../logger';
import type { SentrySetup } from './sentry-options';

export interface ErrorReportingClient {
  sink: LogSink;
  setUser(user: { userId?: string; userEmail?: string }): void;
  stop(): Promise<void>;
}

function attributes(entry: LogEntry): Record<string, string> {
  const values: Record<string, string | undefined> = {
    tag: entry.tag,
    correlationId: entry.correlationId,
    userId: entry.userId,
    userEmail: entry.userEmail,
    url: entry.url,
  };
  return Object.fromEntries(Object.entries(values).filter((pair): pair is [string, string] => pair[1] !== undefined));
}

/** Loaded only after consent: Sentry with tracing and session replay, fed by our logger. */
export function startSentry(setup: SentrySetup): ErrorReportingClient {
  Sentry.init({
    dsn: setup.dsn,
    environment: setup.environment,
    release: setup.release,
    tracesSampleRate: setup.tracesSampleRate,
    replaysSessionSampleRate: setup.replaysSessionSampleRate,
    replaysOnErrorSampleRate: setup.replaysOnErrorSampleRate,
    // Uncaught errors come through our logger (spec §7), so Sentry's own handlers stay out.
    integrations: (defaults) => [
      ...defaults.filter((integration) => integration.name !== 'GlobalHandlers'),
      Sentry.browserTracingIntegration(),
      Sentry.replayIntegration(setup.replay),
    ],
  });
  const sink: LogSink = {
    write(entry) {
      const attrs = attributes(entry);
      Sentry.logger[entry.level === 'debug' ? 'debug' : entry.level](entry.message, attrs);
      if (entry.level !== 'warn' && entry.level !== 'error') return;
      const context = {
        level: entry.level === 'warn' ? ('warning' as const) : ('error' as const),
        tags: { tag: entry.tag },
        extra: { ...attrs, ...entry.details },
      };
      if (entry.thrown instanceof Error) {
        const componentStack = entry.details?.componentStack;
        if (typeof componentStack === 'string') Sentry.captureReactException(entry.thrown, { componentStack }, context);
        else Sentry.captureException(entry.thrown, context);
      } else {
        Sentry.captureMessage(entry.message, context);
      }
    },
  };
  return {
    sink,
    setUser: ({ userId, userEmail }) => Sentry.setUser(userId ? { id: userId, email: userEmail } : null),
    stop: async () => {
      await Sentry.getReplay()?.stop();
      await Sentry.close(2000);
    },
  };
}
