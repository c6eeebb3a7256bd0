import { PATHS } from '../../../shared/site-map';
import { useTranslation } from '../../i18n/use-translation';
import { LocalizedLink } from '../ui/localized-link';

/** The three policy pages, shared by the full and the reduced footer. */
export function PolicyLinks() {
  const { t } = useTranslation();
  return (
    <>
      <li>
        <LocalizedLink to={PATHS['privacy-policy']}>{t('footer.privacyPolicy')}</LocalizedLink>
      </li>
      <li>
        <LocalizedLink to={PATHS['cookies-policy']}>{t('footer.cookiesPolicy')}</LocalizedLink>
      </li>
      <li>
        <LocalizedLink to={PATHS['terms-and-conditions']}>{t('footer.termsAndConditions')}</LocalizedLink>
      </li>
    </>
  );
}
