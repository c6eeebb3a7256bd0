import i18next, { type TFunction } from 'i18next';
import type { Locale } from '../../shared/locale';

type Resources = Record<Locale, Record<string, unknown>>;

/**
 * Texts the server writes itself (mail, documents) from one namespace's files per locale:
 * a function that gives the `t` of a locale. Nothing is escaped here; each writer escapes for
 * where it writes (HTML, PDF).
 */
export function serverTexts(namespace: string, resources: Resources): (locale: Locale) => TFunction {
  const instance = i18next.createInstance();
  void instance.init({
    resources: { 'en-US': { [namespace]: resources['en-US'] }, es: { [namespace]: resources.es } },
    lng: 'en-US',
    fallbackLng: false,
    defaultNS: namespace,
    initAsync: false,
    interpolation: { escapeValue: false },
  });
  return (locale) => instance.getFixedT(locale, namespace);
}
