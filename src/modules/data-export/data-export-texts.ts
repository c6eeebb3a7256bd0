import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The data export's own texts (its PDF, its e-mail, the privacy request's extension notice) in a locale. */
export const dataExportTexts = serverTexts('dataExport', { 'en-US': enUS, es });
