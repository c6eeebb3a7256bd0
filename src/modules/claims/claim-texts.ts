import { serverTexts } from '../../common/i18n/server-texts';
import { CLAIMS_PHONE, reportClaimPath } from '../../shared/claims/claims-contact';
import enUS from './locales/en-US.json';
import es from './locales/es.json';
import type { Locale } from '../../shared/locale';

/** The claims module's own texts (its e-mails) in a locale. */
export const claimTexts = serverTexts('claims', { 'en-US': enUS, es });

/**
 * The line every policy e-mail (and every claim e-mail) ends with: the claims number and the
 * link to report a claim online, in the reader's language.
 */
export function claimsHelpLine(locale: Locale, publicUrl: string): string {
  return claimTexts(locale)('help', { phone: CLAIMS_PHONE, link: `${publicUrl}${reportClaimPath(locale)}` });
}
