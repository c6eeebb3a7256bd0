import i18next, { type i18n } from 'i18next';
import { initReactI18next } from 'react-i18next';
import type { Locale } from '../../shared/locale';

export const DEFAULT_NAMESPACE = 'common';

/** One i18next instance for one locale, ready synchronously so server and client render alike. */
export function createI18n(locale: Locale, namespaces: Record<string, Record<string, unknown>>): i18n {
  const instance = i18next.createInstance();
  void instance.use(initReactI18next).init({
    lng: locale,
    fallbackLng: false,
    supportedLngs: [locale],
    resources: { [locale]: namespaces },
    ns: Object.keys(namespaces),
    defaultNS: DEFAULT_NAMESPACE,
    initAsync: false,
    interpolation: { escapeValue: false },
    returnNull: false,
    react: { useSuspense: false },
    // A key missing in a locale is a bug: say so in the console (and so in the server's log
    // and the browser tests), instead of silently showing the key.
    saveMissing: true,
    missingKeyHandler: (languages, namespace, key) => {
      console.error(`[i18n] missing translation ${languages.join(',')}/${namespace}:${key}`);
    },
  });
  return instance;
}
