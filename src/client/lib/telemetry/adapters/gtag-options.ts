import { vendorsAllowedIn } from './adapter-env';
import type { PublicConfig } from '../../../../shared/app-state';
import type { ConsentChoices } from '../../../../shared/consent';

type ConsentValue = 'granted' | 'denied';
export interface GtagConsent {
  ad_storage: ConsentValue;
  ad_user_data: ConsentValue;
  ad_personalization: ConsentValue;
  analytics_storage: ConsentValue;
}

/** Consent Mode defaults: everything denied until the stored choice says otherwise. */
export const GTAG_CONSENT_DEFAULTS: GtagConsent = { ad_storage: 'denied', ad_user_data: 'denied', ad_personalization: 'denied', analytics_storage: 'denied' };

export interface GtagSetup {
  id: string;
  scriptUrl: string;
  defaults: GtagConsent;
}

/** The Google tag (GTAG_ID) outside DEVELOPMENT and TEST. */
export function gtagSetup(config: PublicConfig): GtagSetup | null {
  const id = config.services.gtagId;
  if (!vendorsAllowedIn(config.appEnv) || !id) return null;
  return { id, scriptUrl: `https://www.googletagmanager.com/gtag/js?id=${encodeURIComponent(id)}`, defaults: GTAG_CONSENT_DEFAULTS };
}

/** The Consent Mode update for a stored choice: performance → analytics storage, advertising → ads. */
export function gtagConsent(choices: ConsentChoices): GtagConsent {
  const ads: ConsentValue = choices.advertising ? 'granted' : 'denied';
  return { ad_storage: ads, ad_user_data: ads, ad_personalization: ads, analytics_storage: choices.tracking ? 'granted' : 'denied' };
}
