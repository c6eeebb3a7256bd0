import { useState } from 'react';
import { useSearchParams } from 'react-router';
import { CLAIM_STATUSES, type ClaimStatus } from '../../../shared/claims/claim-states';
import { PATHS } from '../../../shared/site-map';
import { SelectField } from '../../components/ui/form-fields';
import { LocalizedLink } from '../../components/ui/localized-link';
import { QueryStatus } from '../../components/ui/query-status';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { fetchStaffClaims, type StaffClaimView } from '../../lib/claims/claims-api';
import { useSession } from '../../lib/session/session-context';
import { StaffClaimCard } from './components/staff-claim-card';

function ClaimsQueue() {
  const { t } = useTranslation('staff-claims');
  const [status, setStatus] = useState<ClaimStatus | ''>('');
  const [params] = useSearchParams();
  const load = useApiQuery(['staff-claims', status], () => fetchStaffClaims(status || undefined), { keepPrevious: true });
  const replace = (moved: StaffClaimView) => load.setData((list) => list.map((claim) => (claim.id === moved.id ? moved : claim)));
  return (
    <>
      <div className="claims-filter">
        <SelectField label={t('filter')} value={status} onChange={(event) => setStatus(event.target.value as ClaimStatus | '')}>
          <option value="">{t('all')}</option>
          {CLAIM_STATUSES.map((value) => (
            <option key={value} value={value}>
              {t(`status.${value}`, { ns: 'claims' })}
            </option>
          ))}
        </SelectField>
      </div>
      <QueryStatus
        state={load.state}
        loading={t('loading', { ns: 'claims' })}
        failed={t('loadFailed', { ns: 'claims' })}
        retry={{ label: t('retry', { ns: 'claims' }), onClick: load.refetch }}
      />
      {load.state === 'ready' &&
        (load.data.length === 0 ? (
          <p className="muted">{t('none')}</p>
        ) : (
          <ul className="policy-list claim-list">
            {load.data.map((claim) => (
              <StaffClaimCard key={claim.id} claim={claim} onMoved={replace} opened={claim.id === params.get('claim')} />
            ))}
          </ul>
        ))}
    </>
  );
}

/** /agent/claims: the claims staff work on (an agent's on the policies they sold, an admin's all), in both locales. */
export default function StaffClaimsPage() {
  const { t } = useTranslation('staff-claims');
  const { session } = useSession();
  const staff = session?.role === 'agent' || session?.role === 'admin';
  return (
    <section className="page page--narrow staff-claims" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t(session?.role === 'admin' ? 'introAdmin' : 'introAgent')}</p>
      {staff ? (
        <ClaimsQueue />
      ) : (
        <div className="callout">
          <p>{t('staffOnly')}</p>
          <LocalizedLink to={PATHS.profile}>{t('toProfile')}</LocalizedLink>
        </div>
      )}
    </section>
  );
}
