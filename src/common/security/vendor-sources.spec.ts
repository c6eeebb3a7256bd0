import { parseServicesConfig } from '../../config/parse-services-config';
import { vendorSources } from './vendor-sources';

const fail = (message: string): never => {
  throw new Error(message);
};

describe(vendorSources.name, () => {
  it('allows no vendor host when none is configured', () => {
    const sut = vendorSources(parseServicesConfig({}, fail));
    expect(sut).toEqual({ script: [], connect: [], img: [], frame: [], worker: [] });
  });

  it('allows exactly the hosts of each configured vendor', () => {
    const sut = vendorSources(
      parseServicesConfig(
        {
          SENTRY_DSN: 'https://abc123@o42.ingest.sentry.io/7',
          DATADOG_CLIENT_TOKEN: `pub${'a'.repeat(32)}`,
          DATADOG_SITE: 'us3.datadoghq.com',
          LAUNCHDARKLY_CLIENT_SIDE_ID: 'a'.repeat(24),
          GTAG_ID: 'G-ABC123XYZ',
          CHAT_WIDGET_URL: 'https://chat.vendor.example/widget.js',
        },
        fail,
      ),
    );
    expect(sut.script).toEqual(['https://www.googletagmanager.com', 'https://chat.vendor.example']);
    expect(sut.connect).toEqual(
      expect.arrayContaining([
        'https://o42.ingest.sentry.io',
        'https://browser-intake-us3-datadoghq.com',
        'https://clientstream.launchdarkly.com',
        'https://*.google-analytics.com',
        'wss://chat.vendor.example',
      ]),
    );
    expect(sut.frame).toEqual(['https://chat.vendor.example']);
    expect(sut.worker).toEqual(['blob:']);
  });

  it('leaves Sentry out when it is configured but disabled', () => {
    const sut = vendorSources(parseServicesConfig({ SENTRY_DSN: 'https://abc@o1.ingest.sentry.io/1', SENTRY_DISABLED: 'true' }, fail));
    expect(sut.connect).toEqual([]);
  });
});
