import { PATHS } from '../../../shared/site-map';
import { ProsePage } from '../../components/content/prose-page';
import { LocalizedLink } from '../../components/ui/localized-link';
import { useTranslation } from '../../i18n/use-translation';
import { useSession } from '../../lib/session/session-context';
import { MilesReview } from './components/miles-review';
import { SoldPolicies } from './components/sold-policies';
import { StaffPanel } from './components/staff-panel';
import { StaffScreens } from './components/staff-screens';

/** For agents: what selling Meterly means, and for signed-in staff, buying on a customer's behalf. */
export default function AgentPage() {
  const { t } = useTranslation('agent');
  const { session } = useSession();
  const staff = session?.role === 'agent' || session?.role === 'admin';
  return (
    <ProsePage
      namespace="agent"
      before={
        staff ? (
          <>
            <StaffScreens admin={session?.role === 'admin'} />
            <StaffPanel />
            {/* What they sold and what needs review are their own view, not the customer's they are acting for. */}
            {!session?.onBehalf && (
              <>
                <SoldPolicies admin={session?.role === 'admin'} />
                <p>
                  <LocalizedLink to={PATHS['staff-claims']}>{t('claimsLink')}</LocalizedLink>
                </p>
                <MilesReview />
              </>
            )}
          </>
        ) : (
          <div className="callout">
            <LocalizedLink to={PATHS.login} className="button button--fill">
              {t('signIn')}
            </LocalizedLink>
            <p className="muted">{t('signInHint')}</p>
          </div>
        )
      }
    />
  );
}
