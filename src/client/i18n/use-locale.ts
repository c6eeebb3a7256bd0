import { localizePath, type Locale } from '../../shared/locale';
import { useTranslation } from './use-translation';

/** The page's locale and a function that turns a locale-free path into this locale's path. */
export function useLocale(): { locale: Locale; to: (path: string) => string } {
  const { i18n } = useTranslation();
  const locale = i18n.language as Locale;
  return { locale, to: (path: string) => localizePath(path, locale) };
}
