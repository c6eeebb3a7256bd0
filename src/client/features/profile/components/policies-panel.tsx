import { useEffect, useRef, useState } from 'react';
import { PATHS } from '../../../../shared/site-map';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { QueryStatus } from '../../../components/ui/query-status';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { usePoliciesChanged } from '../../../lib/policy/policies-changed';
import { fetchPolicies } from '../../../lib/policy/policy-api';
import { keepIdCardsOffline } from '../../../offline/offline-cards';
import { PolicyCard } from './policy-card';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/**
 * The customer's policies, newest first. `confirmId` (the review e-mail's link) is the policy
 * waiting for their signature: once shown, its review panel is scrolled to and focused.
 */
export function PoliciesPanel({ staff, confirmId }: { staff: boolean; confirmId: string | null }) {
  const { t } = useTranslation('profile');
  const load = useApiQuery(['policies'], fetchPolicies);
  usePoliciesChanged(load.refetch);
  const review = useRef<HTMLElement>(null);
  const focused = useRef(false);

  useEffect(() => {
    if (load.state !== 'ready' || !confirmId || focused.current || !review.current) return;
    focused.current = true;
    review.current.scrollIntoView({ block: 'start' });
    review.current.focus({ preventScroll: true });
  }, [load, confirmId]);

  // Issue 27: online, the worker keeps the customer's current ID cards for use offline, again
  // whenever the policies change (a cancellation ends a card). Staff acting for them keep nothing.
  const cardsKey = load.state === 'ready' ? load.data.map((p) => `${p.id}:${p.status}:${p.cancellationDate ?? ''}:${p.termEndDate}`).join() : undefined;
  const [keptOffline, setKeptOffline] = useState(0);
  useEffect(() => {
    if (cardsKey === undefined || staff) return;
    let current = true;
    keepIdCardsOffline().then(
      (kept) => current && setKeptOffline(kept),
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [cardsKey, staff]);

  const replace = (changed: PolicyView) => load.setData((policies) => policies.map((p) => (p.id === changed.id ? changed : p)));

  return (
    <section className="profile-section" aria-labelledby="policies-title">
      <h2 id="policies-title">{t('policies.title')}</h2>
      <QueryStatus
        state={load.state}
        loading={t('policies.loading')}
        failed={t('policies.loadFailed')}
        retry={{ label: t('policies.retry'), onClick: load.refetch }}
      />
      {load.state === 'ready' && load.data.length === 0 && (
        <p>
          {t('policies.none')} <LocalizedLink to={PATHS.quote}>{t('policies.getQuote')}</LocalizedLink>
        </p>
      )}
      {load.state === 'ready' && load.data.length > 0 && (
        <ul className="policy-list">
          {load.data.map((policy) => (
            <PolicyCard key={policy.id} ref={policy.id === confirmId ? review : undefined} policy={policy} staff={staff} onChange={replace} />
          ))}
        </ul>
      )}
      {keptOffline > 0 && <p className="muted offline-kept">{t('offline.kept')}</p>}
    </section>
  );
}
