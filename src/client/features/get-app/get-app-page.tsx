import { ProsePage } from '../../components/content/prose-page';
import { StoreBadges } from '../../components/layout/store-badges';
import { useTranslation } from '../../i18n/use-translation';

export default function GetAppPage() {
  const { t } = useTranslation('get-app');
  return (
    <ProsePage
      namespace="get-app"
      before={
        <section className="callout callout--stores" aria-labelledby="stores-title">
          <h2 id="stores-title">{t('storesHeading')}</h2>
          <StoreBadges />
        </section>
      }
    />
  );
}
