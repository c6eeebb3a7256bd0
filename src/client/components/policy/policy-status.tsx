import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import type { PolicyStatus } from '../../../shared/policy/policy-model';

/**
 * "Active", "Cancelled", or a policy staff bought waiting for a signature: the customer's own
 * ("waiting for your signature") or, to staff, the customer's. A badge with words, never colour alone.
 */
export function PolicyStatusBadge({ status }: { status: PolicyStatus }) {
  const { t } = useTranslation('policy');
  const { session } = useSession();
  const key = status === 'pending-confirmation' && !session?.role ? 'status.pendingOwn' : `status.${status}`;
  return <span className={`status-badge status-badge--${status}`}>{t(key)}</span>;
}
