import { CONSENT_COOKIES, consentCookieValues, readConsentCookies, trackingAllowed } from './consent';

describe(readConsentCookies.name, () => {
  it('finds no decision until the banner has been answered', () => {
    expect(readConsentCookies('')).toBeUndefined();
    expect(readConsentCookies(`${CONSENT_COOKIES.tracking}=true; ${CONSENT_COOKIES.advertising}=true`)).toBeUndefined();
    expect(readConsentCookies(`${CONSENT_COOKIES.banner}=false; ${CONSENT_COOKIES.tracking}=true`)).toBeUndefined();
  });

  it('reads both choices once the banner was answered, a missing or odd value counting as refused', () => {
    const sut = readConsentCookies(`a=1; meterly_consent_banner=true; meterly_tracking_consent=true; meterly_advertising_consent=yes`);
    expect(sut).toEqual({ tracking: true, advertising: false });
    expect(readConsentCookies('meterly_consent_banner=true')).toEqual({ tracking: false, advertising: false });
  });

  it('writes the strings true and false under the spec names, marking the banner answered', () => {
    expect(consentCookieValues({ tracking: false, advertising: true })).toEqual([
      ['meterly_tracking_consent', 'false'],
      ['meterly_advertising_consent', 'true'],
      ['meterly_consent_banner', 'true'],
    ]);
  });

  it('allows tracking only on an answered banner with tracking true', () => {
    expect(trackingAllowed(undefined)).toBe(false);
    expect(trackingAllowed('meterly_tracking_consent=true')).toBe(false);
    expect(trackingAllowed('meterly_consent_banner=true; meterly_tracking_consent=true')).toBe(true);
  });
});
