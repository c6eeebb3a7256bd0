import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { usePublicConfig } from '../../app/config-context';
import { StoreBadges } from '../../components/layout/store-badges';
import { platformOf, type Platform } from '../../lib/device/platform';


/**
 * Opens the app through the configured link domain (on a phone with the app, the system hands
 * the link to it), and points the visitor to the store of their platform; elsewhere, both
 * stores. Nothing navigates by itself: a page that jumps to a store would also do it to
 * someone who has the app (docs/decisions.md).
 */
export default function AppLinkPage() {
  const { t } = useTranslation('app-link');
  const { mobile, stores } = usePublicConfig();
  const [platform, setPlatform] = useState<Platform>('other');
  const openLink = `https://${mobile.linkDomain}/open`;

  useEffect(() => {
    setPlatform(platformOf(navigator.userAgent));
  }, []);

  return (
    <section className="page page--narrow auth-page" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <div className="actions">
        <a className="button button--fill button--large" href={openLink}>
          {t('open')}
        </a>
        {platform !== 'other' && (
          <a className="button button--outline button--large" href={platform === 'ios' ? stores.appStore : stores.googlePlay}>
            {t('getIt')}
          </a>
        )}
      </div>
      <h2 className="auth-page__subhead">{t('otherStores')}</h2>
      <StoreBadges />
    </section>
  );
}
