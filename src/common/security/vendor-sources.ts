import type { PaymentsConfig } from '../../config/parse-app-config';
import type { ServicesConfig } from '../../config/parse-services-config';

/** CSP sources a configured vendor needs, by directive. */
export interface VendorSources {
  script: string[];
  connect: string[];
  img: string[];
  frame: string[];
  worker: string[];
}

const origin = (url: string) => new URL(url).origin;

/**
 * The hosts the Content-Security-Policy allows for the supporting services: only those of the
 * services configured, so an unconfigured vendor can never be reached from our pages.
 * Analytics needs none (it goes through /api/a on our origin).
 */
export function vendorSources(services: ServicesConfig, extra?: VendorSources): VendorSources {
  const sources: VendorSources = { script: [], connect: [], img: [], frame: [], worker: [] };
  if (extra) for (const directive of Object.keys(sources) as (keyof VendorSources)[]) sources[directive].push(...extra[directive]);
  if (services.sentry.dsn && !services.sentry.disabled) {
    sources.connect.push(origin(services.sentry.dsn));
    // Session replay compresses its segments in a worker made from a blob.
    sources.worker.push('blob:');
  }
  if (services.datadog.clientToken) {
    // The intake host of the site: browser-intake-datadoghq.com, browser-intake-us3-datadoghq.com, …
    sources.connect.push(`https://browser-intake-${services.datadog.site.replace(/\.(?=.*\.)/g, '-')}`);
  }
  if (services.launchDarkly.clientSideId) {
    sources.connect.push('https://app.launchdarkly.com', 'https://clientstream.launchdarkly.com', 'https://events.launchdarkly.com');
  }
  if (services.gtag.id) {
    sources.script.push('https://www.googletagmanager.com');
    sources.connect.push('https://www.googletagmanager.com', 'https://*.google-analytics.com', 'https://*.analytics.google.com');
    sources.img.push('https://www.googletagmanager.com', 'https://*.google-analytics.com');
  }
  if (services.chat.widgetUrl) {
    const chat = origin(services.chat.widgetUrl);
    sources.script.push(chat);
    sources.connect.push(chat, chat.replace(/^https:/, 'wss:'));
    sources.img.push(chat);
    sources.frame.push(chat);
  }
  return sources;
}

/**
 * Stripe.js and its Elements frames (docs.stripe.com/security/guide#content-security-policy),
 * only when Stripe is the payment gateway.
 */
export function paymentSources(payments: PaymentsConfig): VendorSources {
  if (payments.provider !== 'stripe') return { script: [], connect: [], img: [], frame: [], worker: [] };
  return {
    script: ['https://js.stripe.com', 'https://*.js.stripe.com'],
    connect: ['https://api.stripe.com'],
    img: ['https://*.stripe.com'],
    frame: ['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com'],
    worker: [],
  };
}
