import { useEffect, useRef } from 'react';
import { PATHS } from '../../../../shared/site-map';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { QueryStatus } from '../../../components/ui/query-status';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { usePoliciesChanged } from '../../../lib/policy/policies-changed';
import { fetchPolicies } from '../../../lib/policy/policy-api';
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
    </section>
  );
}
