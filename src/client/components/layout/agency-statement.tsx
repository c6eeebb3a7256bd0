import { usePublicConfig } from '../../app/config-context';
import { useTranslation } from '../../i18n/use-translation';

/** Spec §1: who sells and markets the policies, and who underwrites them. */
export function AgencyStatement() {
  const { t } = useTranslation();
  const { legal } = usePublicConfig();
  return <p className="agency-statement">{t('footer.agencyStatement', legal)}</p>;
}
