import { serverTexts } from '../../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The texts of the policy's documents (ID card, declarations) in a locale. */
export const documentTexts = serverTexts('documents', { 'en-US': enUS, es });
