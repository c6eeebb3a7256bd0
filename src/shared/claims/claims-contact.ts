import { localizePath, type Locale } from '../locale';

/**
 * Where to report a claim or get roadside help, every hour of the year: the ID card, the
 * Contact page, the profile and every policy e-mail print this one number.
 */
export const CLAIMS_PHONE = '1-800-555-0199';

/** The profile's claims section, where a customer reports a claim online. */
export const CLAIMS_ANCHOR = 'claims';

/** The path of "report a claim" in a locale: /profile#claims, /es/profile#claims. */
export function reportClaimPath(locale: Locale): string {
  return `${localizePath('/profile', locale)}#${CLAIMS_ANCHOR}`;
}
