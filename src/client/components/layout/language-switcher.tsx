import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { localizePath, splitLocalePath, type Locale } from '../../../shared/locale';
import { useTranslation } from '../../i18n/use-translation';

/** Links to the same page in the other language (a full load, so the server renders it). */
export function LanguageSwitcher() {
  const { t, i18n } = useTranslation();
  const location = useLocation();
  // Open pages are rendered once for every visitor, without the query; it is added after
  // hydration so the markup matches and the switch still keeps it.
  const [search, setSearch] = useState('');
  useEffect(() => setSearch(location.search), [location.search]);
  const other: Locale = i18n.language === 'es' ? 'en-US' : 'es';
  const href = localizePath(splitLocalePath(location.pathname).path, other) + search;
  return (
    <a className="language-switcher" href={href} hrefLang={other} lang={other}>
      {t(`language.switchTo.${other}`)}
    </a>
  );
}
