import { CLAIMS_PHONE, reportClaimPath } from '../../shared/claims/claims-contact';
import { mailTexts } from './mail-texts';
import type { Locale } from '../../shared/locale';

/**
 * The line every policy e-mail (and every claim e-mail) ends with: the claims number and the
 * link to report a claim online, in the reader's language. Mail's own, so that the modules
 * under claims (policy, billing, miles) print it without importing claims.
 */
export function claimsHelpLine(locale: Locale, publicUrl: string): string {
  return mailTexts(locale)('claimsHelp', { phone: CLAIMS_PHONE, link: `${publicUrl}${reportClaimPath(locale)}` });
}
