import { useTranslation } from '../../i18n/use-translation';
import { LocalizedLink } from '../ui/localized-link';

/** The Meterly mark: a gauge needle over the wordmark; links home. */
export function Logo() {
  const { t } = useTranslation();
  return (
    <LocalizedLink to="/" className="logo" aria-label={t('brand.homeLink')}>
      <svg className="logo__mark" viewBox="0 0 32 32" width="32" height="32" aria-hidden="true" focusable="false">
        <circle cx="16" cy="16" r="15" fill="currentColor" />
        <path d="M7 21a9 9 0 0 1 18 0" fill="none" stroke="#fff" strokeWidth="2.5" strokeLinecap="round" />
        <path d="M16 21l5-7" stroke="#ffd166" strokeWidth="2.5" strokeLinecap="round" />
        <circle cx="16" cy="21" r="2" fill="#fff" />
      </svg>
      <span className="logo__word">Meterly</span>
    </LocalizedLink>
  );
}
