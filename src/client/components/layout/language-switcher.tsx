import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { localizePath, splitLocalePath, type Locale } from '../../../shared/locale';

/** Links to the same page in the other language (a full load, so the server renders it). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  const other: Locale = i18n.language === 'es' ? 'en-US' : 'es';
  const { path } = splitLocalePath(location.pathname);
  const href = localizePath(path, other) + location.search;
  return (
    <a className="language-switcher" href={href} hrefLang={other} lang={other}>
      {t(`language.switchTo.${other}`)}
    </a>
  );
}
