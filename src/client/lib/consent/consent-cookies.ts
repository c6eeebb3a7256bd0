import { CONSENT_MAX_AGE_SECONDS, consentCookieValues, readConsentCookies, type ConsentChoices } from '../../../shared/consent';

/** The visitor's decision as this browser keeps it; undefined until the banner is answered. */
export function readBrowserConsent(): ConsentChoices | undefined {
  return readConsentCookies(document.cookie);
}

/** Spec §3/§9: the three cookies, "true"/"false", 365 days, SameSite=Lax, on the whole site. */
export function writeBrowserConsent(choices: ConsentChoices): void {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  for (const [name, value] of consentCookieValues(choices)) {
    document.cookie = `${name}=${value}; Max-Age=${CONSENT_MAX_AGE_SECONDS}; Path=/; SameSite=Lax${secure}`;
  }
}

/** Global Privacy Control as the browser itself reports it (the server also reads Sec-GPC). */
export function browserSendsGpc(): boolean {
  return (navigator as Navigator & { globalPrivacyControl?: boolean }).globalPrivacyControl === true;
}
