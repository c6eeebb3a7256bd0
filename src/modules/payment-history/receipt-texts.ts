import { serverTexts } from '../../common/i18n/server-texts';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

/** The texts of payment and refund receipts in a locale. */
export const receiptTexts = serverTexts('receipts', { 'en-US': enUS, es });
