import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import { useAgentName } from '../../lib/session/use-agent-name';

/**
 * Spec §1: while staff purchase on a customer's behalf, the header says for whom:
 * "Hi {name}, purchasing for {email}" for an agent, "Purchasing for {email}" for an admin.
 * `compact`: the same words as a small notice atop the page, for the pages the spec shows
 * without a header (quote, coverage, payment…), where staff would otherwise lose sight of
 * whom they are buying for.
 */
export function StaffBanner({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  const { session } = useSession();
  const name = useAgentName();
  if (!session?.onBehalf || !session.userEmail) return null;
  const text =
    session.role === 'agent' && name ? t('staff.bannerAgent', { name, email: session.userEmail }) : t('staff.bannerAdmin', { email: session.userEmail });
  return (
    <p className={compact ? 'staff-banner staff-banner--compact' : 'staff-banner'} role="status" aria-label={t('staff.bannerLabel')}>
      {text}
    </p>
  );
}
