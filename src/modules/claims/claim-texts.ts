import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The claims module's own texts (its e-mails) in a locale. */
export const claimTexts = serverTexts('claims', { 'en-US': enUS, es });
