import { useRef, useState } from 'react';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { announcePoliciesChanged, usePoliciesChanged } from '../../lib/policy/policies-changed';
import { fetchPolicies } from '../../lib/policy/policy-api';
import { PolicyDocuments } from '../policy/policy-documents';
import { QueryStatus } from '../ui/query-status';
import { useFocusNext } from '../ui/use-focus-next';
import { fetchPolicyChanges } from './api/policy-changes-api';
import { ChangeForm } from './change-form';
import { ChangeHistory } from './change-history';
import { PriceReview, useChangeSummary } from './price-review';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { PolicyView } from '../../../shared/policy/policy-model';

/** One active policy's changes: those waiting for the customer, a new one to price, the history (a shared policy's too, issue 27). */
export function PolicyChangesCard({ policy, staff }: { policy: PolicyView; staff: boolean }) {
  const { t } = useTranslation('policy-changes');
  const [version, setVersion] = useState(0);
  const load = useApiQuery(['policy-changes', policy.id, version], () => fetchPolicyChanges(policy.id));
  const [priced, setPriced] = useState<PolicyChangeView>();
  const [applied, setApplied] = useState<PolicyChangeView>();
  const summary = useChangeSummary();
  const appliedNotice = useRef<HTMLDivElement>(null);
  const focusNext = useFocusNext();

  const done = (change: PolicyChangeView) => {
    setPriced(undefined);
    setApplied(change);
    // Confirm goes away with the review: the news that the change is made takes the focus.
    focusNext(() => appliedNotice.current);
    setVersion((v) => v + 1);
    // Every list of policies on the page (this one too) loads the changed policy again.
    announcePoliciesChanged();
  };

  const changes = load.state === 'ready' ? load.data.changes : [];
  // Priced by staff and still waiting: the customer confirms them here (staff see them waiting).
  const waiting = changes.filter((c) => c.status === 'priced' && c.proposedByStaff);
  return (
    <li className="card policy-changes" aria-labelledby={`changes-${policy.id}`}>
      <h3 id={`changes-${policy.id}`}>{t('policyTitle', { number: policy.number })}</h3>
      <QueryStatus state={load.state} loading={t('loading')} failed={t('loadFailed')} retry={{ label: t('retry'), onClick: load.refetch }} />
      {applied && (
        <div ref={appliedNotice} tabIndex={-1} className="notice" role="status">
          <p>{t('applied', { what: summary(applied) })}</p>
          <PolicyDocuments policy={policy} />
        </div>
      )}
      {waiting.map((change) => (
        <PriceReview key={change.id} change={change} staff={staff} onApplied={done} />
      ))}
      {load.state === 'ready' &&
        (priced ? (
          <PriceReview
            change={priced}
            staff={staff}
            focusOnOpen
            onApplied={done}
            onBack={() => {
              setPriced(undefined);
              // What staff priced waits for the customer in the list above.
              if (staff) setVersion((v) => v + 1);
            }}
          />
        ) : (
          <ChangeForm key={version} policy={policy} window={load.data.window} onPriced={setPriced} />
        ))}
      {load.state === 'ready' && (
        <ChangeHistory changes={changes.filter((c) => c.status === 'applied' || c.status === 'voided')} today={load.data.window.earliest} />
      )}
    </li>
  );
}

/** /profile: change an active policy (a car, a driver, the address, the coverage), priced before it is confirmed. */
export function PolicyChangesPanel({ staff }: { staff: boolean }) {
  const { t } = useTranslation('policy-changes');
  // The same key as the policies panel's: one request for both.
  const policies = useApiQuery(['policies'], fetchPolicies);
  usePoliciesChanged(policies.refetch);
  if (policies.state !== 'ready') return null;
  const active = policies.data.filter((p) => p.status === 'active' && p.boundAt && !p.cancellationDate);
  if (active.length === 0) return null;
  return (
    <section className="profile-section" aria-labelledby="changes-title">
      <h2 id="changes-title">{t('title')}</h2>
      <p>{t('intro')}</p>
      <ul className="policy-list">
        {active.map((policy) => (
          <PolicyChangesCard key={policy.id} policy={policy} staff={staff} />
        ))}
      </ul>
    </section>
  );
}
