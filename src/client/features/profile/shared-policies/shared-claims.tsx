import { useId } from 'react';
import { ClaimForm } from '../../../components/claims/claim-form';
import { ClaimCard } from '../../../components/claims/claims-panel';
import { useClaimReporting } from '../../../components/claims/use-claim-reporting';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchClaims } from '../../../lib/claims/claims-api';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/**
 * The claims on a policy shared with the customer (issue 27), from the same answer as the claims
 * panel's (GET /api/claims, which lists them): read only, or with "Report a claim" and photos
 * when the member's role reports claims (`reports`).
 */
export function SharedClaims({ policy, reports }: { policy: PolicyView; reports: boolean }) {
  const { t } = useTranslation('claims');
  const id = useId();
  const claims = useApiQuery(['claims'], fetchClaims);
  const { open, reported, confirmation, reportButton, start, onReported, onCancel } = useClaimReporting(claims.setData);
  const onPolicy = claims.state === 'ready' ? claims.data.filter((claim) => claim.policyId === policy.id) : [];

  return (
    <section className="shared-claims" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('title')}</h4>
      {reported && (
        <p ref={confirmation} tabIndex={-1} className="notice claims-panel__reported" role="status">
          {t('reported', { number: reported.number })}
        </p>
      )}
      {reports &&
        policy.status !== 'pending-confirmation' &&
        (open ? (
          <ClaimForm policies={[policy]} onReported={onReported} onCancel={onCancel} />
        ) : (
          <p>
            <button ref={reportButton} type="button" className="button button--outline" onClick={start}>
              {t('report')} <span className="visually-hidden">{policy.number}</span>
            </button>
          </p>
        ))}
      {claims.state === 'failed' && <p className="notice notice--error">{t('loadFailed')}</p>}
      {claims.state === 'ready' &&
        (onPolicy.length === 0 ? (
          <p className="muted">{t('none')}</p>
        ) : (
          <ul className="policy-list claim-list">
            {onPolicy.map((claim) => (
              <ClaimCard
                key={claim.id}
                claim={claim}
                writes={reports}
                onChanged={(changed) => claims.setData((list) => list.map((c) => (c.id === changed.id ? changed : c)))}
              />
            ))}
          </ul>
        ))}
    </section>
  );
}
