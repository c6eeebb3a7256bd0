import type { AppConfig } from '../../config/app-config';
import type { PublicConfig } from '../../shared/app-state';

export const APP_VERSION = '2.0.0';

/** The part of the configuration a browser may see. */
export function publicConfig(config: AppConfig): PublicConfig {
  return {
    appEnv: config.appEnv,
    appVersion: APP_VERSION,
    buildNumber: config.buildNumber,
    deploymentId: config.deploymentId,
    publicUrl: config.publicUrl,
    links: config.links,
    stores: config.stores,
    social: config.social,
    legal: config.legal,
    mobile: { linkDomain: config.mobile.linkDomain },
    services: publicServices(config),
    payments: config.payments.provider === 'stripe' ? { provider: 'stripe', publishableKey: config.payments.publishableKey } : { provider: 'sandbox' },
  };
}

/** The vendors' browser-safe keys, only those configured. */
function publicServices({ services }: AppConfig): PublicConfig['services'] {
  return {
    analyticsWriteKey: services.analytics.writeKey,
    ...(services.launchDarkly.clientSideId && { launchDarklyClientSideId: services.launchDarkly.clientSideId }),
    ...(services.sentry.dsn && { sentryDsn: services.sentry.dsn, sentryDisabled: services.sentry.disabled }),
    ...(services.datadog.clientToken && { datadog: { clientToken: services.datadog.clientToken, site: services.datadog.site } }),
    ...(services.chat.widgetUrl && { chatWidgetUrl: services.chat.widgetUrl }),
    ...(services.gtag.id && { gtagId: services.gtag.id }),
  };
}
