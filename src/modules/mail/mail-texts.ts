import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The server's own texts (mail, the local mailbox page) in a locale. */
export const mailTexts = serverTexts('mail', { 'en-US': enUS, es });
