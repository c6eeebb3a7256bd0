import { usePublicConfig } from '../../app/config-context';
import { OpenAppActions } from '../../components/app/open-app-actions';
import { StoreBadges } from '../../components/layout/store-badges';
import { useTranslation } from '../../i18n/use-translation';

/**
 * Opens the app through the configured link domain (on a phone with the app, the system hands
 * the link to it), and points the visitor to the store of their platform; elsewhere, both
 * stores. Nothing navigates by itself: a page that jumps to a store would also do it to
 * someone who has the app (docs/decisions.md).
 */
export default function AppLinkPage() {
  const { t } = useTranslation('app-link');
  const { mobile } = usePublicConfig();

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <OpenAppActions href={`https://${mobile.linkDomain}/open`} openLabel={t('open')} getLabel={t('getIt')} />
      <h2 className="auth-page__subhead">{t('otherStores')}</h2>
      <StoreBadges />
    </section>
  );
}
