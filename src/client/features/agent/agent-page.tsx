import { useTranslation } from 'react-i18next';
import { PATHS } from '../../../shared/site-map';
import { ProsePage } from '../../components/content/prose-page';
import { LocalizedLink } from '../../components/ui/localized-link';

export default function AgentPage() {
  const { t } = useTranslation('agent');
  return (
    <ProsePage
      namespace="agent"
      before={
        <div className="callout">
          <LocalizedLink to={PATHS.login} className="button button--fill">
            {t('signIn')}
          </LocalizedLink>
          <p className="muted">{t('signInHint')}</p>
        </div>
      }
    />
  );
}
