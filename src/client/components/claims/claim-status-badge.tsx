import { useTranslation } from '../../i18n/use-translation';
import type { ClaimStatus } from '../../../shared/claims/claim-states';

/** A claim's state in words (never colour alone). */
export function ClaimStatusBadge({ status }: { status: ClaimStatus }) {
  const { t } = useTranslation('claims');
  return <span className={`status-badge claim-status claim-status--${status}`}>{t(`status.${status}`)}</span>;
}
