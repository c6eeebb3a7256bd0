import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../../shared/locale';
import enUS from './locales/en-US.json';
import es from './locales/es.json';

const instance = i18next.createInstance();
void instance.init({
  resources: { 'en-US': { mail: enUS }, es: { mail: es } },
  lng: 'en-US',
  fallbackLng: false,
  defaultNS: 'mail',
  initAsync: false,
  interpolation: { escapeValue: false },
});

/** The server's own texts (mail, the local mailbox page) in a locale. */
export function mailTexts(locale: Locale): TFunction {
  return instance.getFixedT(locale, 'mail');
}
