import { accessAllows, type SharedPolicyView } from '../../../../shared/policy/household-model';
import { PolicyDocuments } from '../../../components/policy/policy-documents';
import { PolicyFacts } from '../../../components/policy/policy-facts';
import { PolicyChangesCard } from '../../../components/policy-changes/policy-changes-panel';
import { QueryStatus } from '../../../components/ui/query-status';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { usePoliciesChanged } from '../../../lib/policy/policies-changed';
import { fetchPolicy } from '../../../lib/policy/policy-api';
import { MilesAndBilling } from '../components/miles-billing';
import { NonPaymentNotice } from '../components/non-payment-notice';
import { ReinstatementNotice } from '../components/reinstatement-notice';
import { RenewalNotice } from '../components/renewal-notice';
import { SharedClaims } from './shared-claims';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/** Whether the policy takes changes (as the policy changes panel decides for the owner's): active, bound, not being cancelled. */
const changeable = (policy: PolicyView) => policy.status === 'active' && Boolean(policy.boundAt) && !policy.cancellationDate;

/**
 * One policy shared with the customer (issue 27), as its owner's card shows it, with only what
 * the member's role allows (accessAllows, the server's own table): everyone reads the facts,
 * documents, miles, bills and claims; `pay` pays what is owed with the owner's card; `claim`
 * reports claims; `change` also makes the changes. Never the owner's alone: cancelling, declining
 * the renewal, signing, share-proof links, the household.
 */
export function SharedPolicyCard({ shared }: { shared: SharedPolicyView }) {
  const { t } = useTranslation('profile');
  const load = useApiQuery(['shared-policy', shared.policyId], () => fetchPolicy(shared.policyId));
  // A change confirmed on this card announces it: the policy is read again, as the owner's list is.
  usePoliciesChanged(load.refetch);
  const { role, ownerName } = shared;
  const replace = (policy: PolicyView) => load.setData(() => policy);
  const titleId = `shared-policy-${shared.policyId}`;

  return (
    <li className="policy-card card policy-card--shared" aria-labelledby={titleId}>
      <h3 id={titleId} className="policy-card__title">
        {t('policies.heading', { number: shared.policyNumber })}
      </h3>
      <p className="policy-card__shared">
        <span className="household__badge">{t('household.sharedBadge')}</span>{' '}
        <span className="muted">
          {t('household.sharedBy', { owner: ownerName })} · {t('household.yourRole', { role: t(`household.roles.${role}`) })}
        </span>
      </p>
      {load.state === 'failed' && load.failure.kind === 'not-found' ? (
        <p className="notice">{t('sharedPolicies.gone')}</p>
      ) : (
        <QueryStatus
          state={load.state}
          loading={t('sharedPolicies.loading')}
          failed={t('sharedPolicies.loadFailed')}
          retry={{ label: t('policies.retry'), onClick: load.refetch }}
        />
      )}
      {load.state === 'ready' && (
        <>
          <PolicyFacts policy={load.data} />
          <NonPaymentNotice policy={load.data} onChange={replace} shared={{ ownerName, role }} />
          <ReinstatementNotice policy={load.data} onChange={replace} access={role} />
          <RenewalNotice policy={load.data} onChange={replace} access={role} />
          {load.data.status === 'pending-confirmation' && <p className="notice">{t('sharedPolicies.waitingForOwner', { owner: ownerName })}</p>}
          <PolicyDocuments policy={load.data} />
          {load.data.boundAt && load.data.status !== 'pending-confirmation' && <MilesAndBilling policy={load.data} access={role} />}
          {accessAllows(role, 'change') && changeable(load.data) && (
            <ul className="policy-list">
              <PolicyChangesCard policy={load.data} staff={false} />
            </ul>
          )}
          <SharedClaims policy={load.data} reports={accessAllows(role, 'claim')} />
        </>
      )}
    </li>
  );
}
