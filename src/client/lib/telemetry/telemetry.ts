import { analyticsSetup } from './adapters/analytics-options';
import { datadogSetup } from './adapters/datadog-options';
import { gtagSetup } from './adapters/gtag-options';
import { launchDarklySetup } from './adapters/launch-darkly-options';
import { sentrySetup } from './adapters/sentry-options';
import { firstPartyLogSink } from './first-party-logs';
import { createLogger, logRouting } from './logger';
import type { FeatureFlags, PublicConfig, SessionView } from '../../../shared/app-state';
import type { ConsentChoices } from '../../../shared/consent';
import type { AnalyticsClient } from './adapters/analytics-sdk';
import type { BrowserLoggingClient } from './adapters/datadog-sdk';
import type { TagClient } from './adapters/gtag-sdk';
import type { FlagsClient } from './adapters/launch-darkly-sdk';
import type { ErrorReportingClient } from './adapters/sentry-sdk';

/** Spec §3: flags are exposed to analytics with this prefix. */
export const FLAG_PREFIX = 'ff_web_';

export function flagProperties(flags: FeatureFlags): Record<string, boolean | number | string> {
  return Object.fromEntries(Object.entries(flags).map(([key, value]) => [`${FLAG_PREFIX}${key}`, value]));
}

/** Resolves after the first paint and once the browser is idle: vendor code never competes with the page. */
function afterFirstPaint(): Promise<void> {
  return new Promise((resolve) => {
    const idle = () => ('requestIdleCallback' in window ? window.requestIdleCallback(() => resolve(), { timeout: 2000 }) : setTimeout(resolve, 1));
    if (document.readyState === 'complete') idle();
    else window.addEventListener('load', idle, { once: true });
  });
}

interface Loaded<T> {
  client?: T;
  loading?: Promise<T | undefined>;
}

const log = createLogger('telemetry');
const windowLog = createLogger('window');

/**
 * Runs the supporting services. Each vendor loads only when configured (its adapter's setup
 * is not null), allowed by the visitor's decision, and needed — and never before the first
 * paint. Until a decision is read, everything optional counts as refused (spec §4).
 */
class Telemetry {
  private config?: PublicConfig;
  private consent?: ConsentChoices;
  private user: { userId?: string; userEmail?: string } = {};
  private anonymousId?: string;
  private flags: FeatureFlags = {};
  private lastPage?: { path: string; title: string; location: string; locale: string };
  private firstParty?: ReturnType<typeof firstPartyLogSink>;
  private onFlags?: (flags: FeatureFlags) => void;
  private readonly analytics: Loaded<AnalyticsClient> = {};
  private readonly errors: Loaded<ErrorReportingClient> = {};
  private readonly logs: Loaded<BrowserLoggingClient> = {};
  private readonly flagsClient: Loaded<FlagsClient> = {};
  private readonly tag: Loaded<TagClient> = {};

  /** Once, in the browser, before hydration. */
  configure(config: PublicConfig, flags: FeatureFlags, onFlags: (flags: FeatureFlags) => void): void {
    this.config = config;
    this.flags = flags;
    this.onFlags = onFlags;
    const development = config.appEnv === 'DEVELOPMENT';
    logRouting.setMinLevel(config.appEnv === 'PRODUCTION' ? 'info' : 'debug');
    logRouting.setConsoleEcho((level) => development || level === 'warn' || level === 'error');
    // Development reads the console; everywhere else the browser's logs reach the server.
    if (!development) logRouting.setBrowserLogging((this.firstParty = firstPartyLogSink()));
    if (!sentrySetup(config)) logRouting.setErrorReporting('off');
    window.addEventListener('error', (event) => windowLog.error('uncaught error', { error: event.error ?? event.message }));
    window.addEventListener('unhandledrejection', (event) => windowLog.error('unhandled rejection', { error: event.reason }));
  }

  /** The visitor's decision; undefined while none is known (then nothing optional runs). */
  setConsent(choices: ConsentChoices | undefined): void {
    if (!this.config) return;
    this.consent = choices;
    if (!choices) return;
    const tracking = choices.tracking;
    this.toggle(
      this.errors,
      tracking && sentrySetup(this.config),
      async (setup) => {
        const client = (await import('./adapters/sentry-sdk')).startSentry(setup);
        client.setUser(this.user);
        logRouting.setErrorReporting(client.sink);
        return client;
      },
      (client) => {
        logRouting.setErrorReporting('off');
        void client.stop();
      },
    );
    // Refused: what waited for error reporting is dropped; allowed: it waits for the SDK.
    if (!tracking) logRouting.setErrorReporting('off');
    else if (sentrySetup(this.config) && !this.errors.client) logRouting.setErrorReporting('pending');
    this.toggle(
      this.logs,
      tracking && datadogSetup(this.config),
      async (setup) => {
        const client = (await import('./adapters/datadog-sdk')).startDatadog(setup);
        client.setUser(this.user);
        this.firstParty?.flush();
        logRouting.setBrowserLogging(client.sink);
        return client;
      },
      (client) => {
        client.stop();
        logRouting.setBrowserLogging(this.firstParty);
      },
    );
    this.toggle(
      this.analytics,
      tracking && analyticsSetup(this.config, window.location),
      async (setup) => {
        const client = await (await import('./adapters/analytics-sdk')).startAnalytics(setup, this.anonymousId);
        if (this.user.userId) client.identify(this.user.userId);
        if (this.lastPage) client.page(this.pageProperties());
        return client;
      },
      (client) => client.reset(),
    );
    this.toggle(
      this.flagsClient,
      tracking && launchDarklySetup(this.config),
      async (setup) => {
        return (await import('./adapters/launch-darkly-sdk')).startLaunchDarkly(setup, this.flagsContext(), (flags) =>
          this.onFlags?.({ ...this.flags, ...flags }),
        );
      },
      (client) => client.stop(),
    );
    const tagSetup = gtagSetup(this.config);
    if (this.tag.client) this.tag.client.updateConsent(choices);
    else if (tagSetup && (choices.tracking || choices.advertising) && !this.tag.loading) {
      this.tag.loading = afterFirstPaint().then(async () => {
        const client = (await import('./adapters/gtag-sdk')).startGtag(tagSetup, this.consent ?? choices);
        if (this.lastPage) client.pageView(this.lastPage);
        return (this.tag.client = client);
      });
    }
  }

  setSession(session: SessionView | null): void {
    const user = { userId: session?.userId, userEmail: session?.userEmail };
    const signedIn = user.userId !== this.user.userId;
    this.user = user;
    if (session?.anonymousId && session.anonymousId !== this.anonymousId) this.analytics.client?.setAnonymousId(session.anonymousId);
    this.anonymousId = session?.anonymousId;
    logRouting.setUser(user.userId ? user : {});
    this.errors.client?.setUser(user);
    this.logs.client?.setUser(user);
    if (!signedIn) return;
    if (user.userId) this.analytics.client?.identify(user.userId);
    this.flagsClient.client?.identify(this.flagsContext());
  }

  setFlags(flags: FeatureFlags): void {
    this.flags = flags;
  }

  /** A page view: on load and on every route change. */
  page(path: string, locale: string): void {
    this.lastPage = { path, title: document.title, location: window.location.href, locale };
    this.analytics.client?.page(this.pageProperties());
    this.tag.client?.pageView(this.lastPage);
  }

  track(event: string, properties: Record<string, unknown> = {}): void {
    this.analytics.client?.track(event, { ...properties, ...flagProperties(this.flags) });
  }

  private pageProperties(): Record<string, unknown> {
    const page = this.lastPage!;
    return { path: page.path, url: page.location, title: page.title, locale: page.locale, ...flagProperties(this.flags) };
  }

  private flagsContext() {
    return this.user.userId ? { kind: 'user', key: this.user.userId } : { kind: 'user', key: this.anonymousId ?? 'anonymous', anonymous: true };
  }

  /** Loads a vendor when `setup` is given (after the first paint), stops it when it is not. */
  private toggle<T, S>(slot: Loaded<T>, setup: S | null | false, start: (setup: S) => Promise<T>, stop: (client: T) => void): void {
    if (!setup) {
      const client = slot.client;
      slot.client = undefined;
      slot.loading = undefined;
      if (client) stop(client);
      return;
    }
    if (slot.client || slot.loading) return;
    const loading = afterFirstPaint()
      .then(() => start(setup))
      .then(
        (client) => {
          if (slot.loading !== loading) {
            stop(client);
            return undefined;
          }
          return (slot.client = client);
        },
        (error: unknown) => {
          log.warn('a supporting service did not start', { error });
          slot.loading = undefined;
          return undefined;
        },
      );
    slot.loading = loading;
  }
}

export const telemetry = new Telemetry();
