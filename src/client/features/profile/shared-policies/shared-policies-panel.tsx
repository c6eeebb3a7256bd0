import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchHousehold } from '../api/household-api';
import { useHouseholdChanged } from '../household/household-changed';
import { SharedPolicyCard } from './shared-policy-card';

/**
 * Issue 27: the policies shared with the customer, each as a policy card with what their role
 * allows. The list is the Household panel's answer (GET /api/household, key ['household'], read
 * with the page); leaving or accepting there reads it again here.
 */
export function SharedPoliciesPanel() {
  const { t } = useTranslation('profile');
  const load = useApiQuery(['household'], fetchHousehold);
  useHouseholdChanged(load.refetch);
  // Loading and failure are the Household panel's to say: this section shows only what it has.
  if (load.state !== 'ready' || load.data.shared.length === 0) return null;
  return (
    <section className="profile-section shared-policies" aria-labelledby="shared-policies-title">
      <h2 id="shared-policies-title">{t('sharedPolicies.title')}</h2>
      <p className="muted">{t('sharedPolicies.intro')}</p>
      <ul className="policy-list">
        {load.data.shared.map((shared) => (
          <SharedPolicyCard key={shared.membershipId} shared={shared} />
        ))}
      </ul>
    </section>
  );
}
