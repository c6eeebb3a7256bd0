import type { Locale } from './locale';
import type { PaymentsPublicConfig } from './payment/payment-model';

/** What the browser may know of the session (spec §3 Session). */
export interface SessionView {
  userId?: string;
  userEmail?: string;
  anonymousId?: string;
  sessionId?: string;
  role?: 'agent' | 'admin';
  producerId?: string;
  /** True while a staff member (role, producerId) purchases for this customer (userId, userEmail). */
  onBehalf?: boolean;
}

/** Configuration the browser needs; never a secret. */
export interface PublicConfig {
  appEnv: string;
  appVersion: string;
  buildNumber: string;
  deploymentId?: string;
  publicUrl: string;
  links: { careers: string; learnMore: string; blog: string };
  stores: { appStore: string; googlePlay: string };
  social: { facebook: string; instagram: string; x: string; linkedin: string };
  legal: { agency: string; insurer: string };
  /** The domain of links that open the mobile app (universal links / app links). */
  mobile: { linkDomain: string };
  /** The supporting services' browser-safe settings; each adapter decides per appEnv. */
  services: PublicServices;
  /** The gateway cards are tokenized for: the sandbox's own form, or Stripe Elements with this key. */
  payments: PaymentsPublicConfig;
}

/** Unset means not configured: the adapter uses its first-party default or stays off. */
export interface PublicServices {
  analyticsWriteKey: string;
  launchDarklyClientSideId?: string;
  sentryDsn?: string;
  sentryDisabled?: boolean;
  datadog?: { clientToken: string; site: string };
  chatWidgetUrl?: string;
  gtagId?: string;
}

/** Feature flags by key (spec §3), bootstrapped into the page; exposed to analytics as ff_web_<key>. */
export type FeatureFlags = Record<string, boolean | number | string>;

/** Everything the server rendered with, serialized into the page so hydration matches. */
export interface AppState {
  locale: Locale;
  resources: Record<string, Record<string, unknown>>;
  /** Undefined when the server did not read the session (a cached open page). */
  session?: SessionView | null;
  config: PublicConfig;
  /** The flags the page was rendered with (the first paint uses them). */
  flags: FeatureFlags;
  /**
   * The API's answers the page was rendered with (issue 29: a signed-in page complete at first
   * paint), this visitor's own; hydration starts from them and asks none of them again.
   */
  preloaded?: PreloadedAnswers;
}

/**
 * The API's answers read on the server for one render, each under `JSON.stringify(key)` of the
 * key the browser's `useApiQuery` asks with, its value the API's payload as JSON (dates as
 * strings): what the browser's load function would have given it. Only answers that succeeded.
 */
export type PreloadedAnswers = Record<string, unknown>;

export const STATE_GLOBAL = '__METERLY_STATE__';
