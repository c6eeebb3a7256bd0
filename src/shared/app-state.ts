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
  /** The gateway cards are tokenized for: the sandbox's own form, or Stripe Elements with this key. */
  payments: PaymentsPublicConfig;
}

/** Everything the server rendered with, serialized into the page so hydration matches. */
export interface AppState {
  locale: Locale;
  resources: Record<string, Record<string, unknown>>;
  /** Undefined when the server did not read the session (a cached open page). */
  session?: SessionView | null;
  config: PublicConfig;
}

export const STATE_GLOBAL = '__METERLY_STATE__';
