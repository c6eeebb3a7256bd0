import { PATHS } from '../../../shared/site-map';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useTranslation } from '../../i18n/use-translation';

/** Spec §2/§8: a render failure shows "Uh oh!", "There was an error." and a way home. */
export function ErrorScreen() {
  const { t } = useTranslation();
  return (
    <section className="error-screen" aria-labelledby="error-title">
      <h1 id="error-title">{t('errors.title')}</h1>
      <p>{t('errors.message')}</p>
      <LocalizedLink to={PATHS.home} className="button button--fill">
        {t('errors.home')}
      </LocalizedLink>
    </section>
  );
}
