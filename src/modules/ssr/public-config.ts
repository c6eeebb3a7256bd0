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
    payments: config.payments.provider === 'stripe' ? { provider: 'stripe', publishableKey: config.payments.publishableKey } : { provider: 'sandbox' },
  };
}
