import { gtagConsent, gtagSetup } from './gtag-options';
import { OFF_ENVS, ON_ENVS, publicConfigFor } from './test-config';

describe(gtagSetup.name, () => {
  it.each(OFF_ENVS)('is off in %s', (appEnv) => {
    expect(gtagSetup(publicConfigFor(appEnv))).toBeNull();
  });

  it('is off without a tag ID', () => {
    expect(gtagSetup(publicConfigFor('PRODUCTION', { gtagId: undefined }))).toBeNull();
  });

  it.each(ON_ENVS)('is on in %s with Consent Mode defaults all denied', (appEnv) => {
    expect(gtagSetup(publicConfigFor(appEnv))).toEqual({
      id: 'G-ABC123XYZ',
      scriptUrl: 'https://www.googletagmanager.com/gtag/js?id=G-ABC123XYZ',
      defaults: { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' },
    });
  });

  it('updates Consent Mode from the stored choice: performance to analytics storage, advertising to ads', () => {
    expect(gtagConsent({ tracking: true, advertising: false })).toEqual({
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
      analytics_storage: 'granted',
    });
    expect(gtagConsent({ tracking: false, advertising: true })).toEqual({
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
      analytics_storage: 'denied',
    });
  });
});
