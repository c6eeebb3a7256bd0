import { parseAppConfig } from '../../config/parse-app-config';
import { paymentSources, vendorSources } from './vendor-sources';

describe(paymentSources.name, () => {
  it('names no host in sandbox mode', () => {
    expect(paymentSources(parseAppConfig({}).payments)).toEqual({ script: [], connect: [], img: [], frame: [], worker: [] });
  });

  it("names Stripe.js's hosts when Stripe is the gateway, next to the vendors'", () => {
    const config = parseAppConfig({
      STRIPE_SECRET_KEY: 'sk_test_51Abcdefghijklmnop',
      STRIPE_PUBLISHABLE_KEY: 'pk_test_51Abcdefghijklmnop',
      STRIPE_WEBHOOK_SECRET: 'whsec_0123456789abcdefABCDEF',
      GTAG_ID: 'G-ABC123XYZ',
    });
    const sut = vendorSources(config.services, paymentSources(config.payments));
    expect(sut.script).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://www.googletagmanager.com']);
    expect(sut.frame).toEqual(['https://js.stripe.com', 'https://*.js.stripe.com', 'https://hooks.stripe.com']);
    expect(sut.connect).toContain('https://api.stripe.com');
  });
});
