import type { PublicConfig, PublicServices } from '../../../../shared/app-state';

/** A page's public config for adapter tests: every vendor configured unless told otherwise. */
export function publicConfigFor(appEnv: string, services: Partial<PublicServices> = {}): PublicConfig {
  return {
    appEnv,
    appVersion: '2.0.0',
    buildNumber: '417',
    publicUrl: 'https://www.meterly.example',
    links: { careers: 'https://c.example', learnMore: 'https://l.example', blog: 'https://b.example' },
    stores: { appStore: 'https://apps.apple.com/app/id1', googlePlay: 'https://play.google.com/store/apps/details?id=x' },
    social: { facebook: 'https://f.example', instagram: 'https://i.example', x: 'https://x.example', linkedin: 'https://li.example' },
    legal: { agency: 'Agency', insurer: 'Insurer' },
    mobile: { linkDomain: 'go.meterly.example' },
    payments: { provider: 'sandbox' },
    services: {
      analyticsWriteKey: 'meterly-web',
      launchDarklyClientSideId: '0123456789abcdef01234567',
      sentryDsn: 'https://public@o1.ingest.sentry.io/2',
      datadog: { clientToken: `pub${'0'.repeat(32)}`, site: 'datadoghq.com' },
      chatWidgetUrl: 'https://chat.vendor.example/widget.js',
      gtagId: 'G-ABC123XYZ',
      ...services,
    },
  };
}

export const OFF_ENVS = ['DEVELOPMENT', 'TEST'];
export const ON_ENVS = ['STAGING', 'PRODUCTION'];
