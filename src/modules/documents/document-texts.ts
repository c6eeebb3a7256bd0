import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The texts of every document the site prints (the policy's ID card and declarations, statements, file names) in a locale. */
export const documentTexts = serverTexts('documents', { 'en-US': enUS, es });
