import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The proof page's own texts in a locale (the card's labels are the ID card's, documentTexts). */
export const proofTexts = serverTexts('proof', { 'en-US': enUS, es });
