import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The deletion's page and e-mails, in a locale. */
export const deletionTexts = serverTexts('account-deletion', { 'en-US': enUS, es });
