/**
 * The consent record of spec §3, kept in three cookies as the strings "true"/"false" for
 * 365 days (spec §9), read and written the same way by the browser and the server.
 */
export const CONSENT_COOKIES = {
  tracking: 'meterly_tracking_consent',
  advertising: 'meterly_advertising_consent',
  banner: 'meterly_consent_banner',
} as const;

export const CONSENT_MAX_AGE_DAYS = 365;
export const CONSENT_MAX_AGE_SECONDS = CONSENT_MAX_AGE_DAYS * 24 * 60 * 60;

/** The cookies policy the choices are made under (its effective date). */
export const CONSENT_POLICY_VERSION = '2026-11-01';

export interface ConsentChoices {
  /** Performance cookies: analytics, error reporting with replay, browser logging, flags, chat. */
  tracking: boolean;
  /** Targeting and advertising cookies: the Google tag's ad storage. */
  advertising: boolean;
}

/** Where a decision was made: the banner's three ways, the cookies page, or carried over at sign-in. */
export const CONSENT_SOURCES = ['banner-accept', 'banner-deny', 'banner-confirm', 'settings', 'sign-in'] as const;
export type ConsentSource = (typeof CONSENT_SOURCES)[number];
/** The sources a browser may name when it records a decision. */
export const BROWSER_CONSENT_SOURCES = ['banner-accept', 'banner-deny', 'banner-confirm', 'settings'] as const;

function cookieValues(header: string): Map<string, string> {
  const values = new Map<string, string>();
  for (const part of header.split(';')) {
    const at = part.indexOf('=');
    if (at === -1) continue;
    const name = part.slice(0, at).trim();
    if (!values.has(name)) values.set(name, part.slice(at + 1).trim());
  }
  return values;
}

/**
 * The decision in a Cookie header (or document.cookie): undefined until the banner has been
 * answered. A consent cookie that is missing or not "true" counts as refused.
 */
export function readConsentCookies(header: string): ConsentChoices | undefined {
  const values = cookieValues(header);
  if (values.get(CONSENT_COOKIES.banner) !== 'true') return undefined;
  return {
    tracking: values.get(CONSENT_COOKIES.tracking) === 'true',
    advertising: values.get(CONSENT_COOKIES.advertising) === 'true',
  };
}

/** True when the Cookie header says performance cookies are allowed. */
export function trackingAllowed(header: string | undefined): boolean {
  return readConsentCookies(header ?? '')?.tracking === true;
}

/** The three cookies for a decision, as name/value pairs ("true"/"false"). */
export function consentCookieValues(choices: ConsentChoices): Array<[string, string]> {
  return [
    [CONSENT_COOKIES.tracking, String(choices.tracking)],
    [CONSENT_COOKIES.advertising, String(choices.advertising)],
    [CONSENT_COOKIES.banner, 'true'],
  ];
}
