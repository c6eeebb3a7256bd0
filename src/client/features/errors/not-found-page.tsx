import { PATHS } from '../../../shared/site-map';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useTranslation } from '../../i18n/use-translation';

export default function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <section className="page page--narrow error-screen" aria-labelledby="not-found-title">
      <h1 id="not-found-title">{t('notFound.title')}</h1>
      <p>{t('notFound.message')}</p>
      <div className="actions">
        <LocalizedLink to={PATHS.home} className="button button--fill">
          {t('notFound.home')}
        </LocalizedLink>
        <LocalizedLink to={PATHS.quote} className="button button--outline">
          {t('notFound.quote')}
        </LocalizedLink>
      </div>
    </section>
  );
}
