import { CLAIMS_ANCHOR, CLAIMS_PHONE } from '../../../shared/claims/claims-contact';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { claimPhotoUrl, fetchClaims, sendClaimMessage, type ClaimView } from '../../lib/claims/claims-api';
import { fetchPolicies } from '../../lib/policy/policy-api';
import { QueryStatus } from '../ui/query-status';
import { AddClaimPhotos } from './add-claim-photos';
import { ClaimFacts, ClaimFollow, ClaimHistory } from './claim-details';
import { ClaimForm } from './claim-form';
import { ClaimMessages } from './claim-messages';
import { ClaimStatusBadge } from './claim-status-badge';
import { useClaimReporting } from './use-claim-reporting';

/**
 * One claim: its facts, photos, what happens next, its history and messages. `writes` false: read
 * only, without adding photos or writing (a household member whose role does not report claims).
 */
export function ClaimCard({ claim, onChanged, writes = true }: { claim: ClaimView; onChanged: (claim: ClaimView) => void; writes?: boolean }) {
  const { t } = useTranslation('claims');
  return (
    <li id={`claim-${claim.number}`} className="policy-card card claim-card" aria-labelledby={`claim-${claim.id}-title`}>
      <div className="claim-card__head">
        <h3 id={`claim-${claim.id}-title`} className="policy-card__title">
          {t('card.title', { number: claim.number })}
        </h3>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <ClaimFacts claim={claim} photoUrl={(photoId) => claimPhotoUrl(claim.id, photoId)} />
      {writes && <AddClaimPhotos claim={claim} onAdded={onChanged} />}
      <ClaimFollow claim={claim} />
      <h4 className="claim-card__subtitle">{t('history.title')}</h4>
      <ClaimHistory claim={claim} />
      <ClaimMessages claim={claim} reader="customer" send={writes ? (key, body) => sendClaimMessage(claim.id, key, body) : undefined} onSent={onChanged} />
    </li>
  );
}

/**
 * The profile's claims: the claims number, "report a claim" (first notice of loss) on an active
 * or ended policy, and each claim with its state, the notes staff wrote and its messages. The
 * claims on a policy shared with the customer are on that policy's shared card (issue 27), with
 * what their role allows: here, the claims on the customer's own policies.
 */
export function ClaimsPanel() {
  const { t } = useTranslation('claims');
  const policies = useApiQuery(['policies'], fetchPolicies);
  const claims = useApiQuery(['claims'], fetchClaims);
  const { open, reported, confirmation, reportButton, start, onReported, onCancel } = useClaimReporting(claims.setData);
  const bound = policies.state === 'ready' ? policies.data.filter((policy) => policy.status !== 'pending-confirmation') : [];
  const own = policies.state === 'ready' ? new Set(policies.data.map((policy) => policy.id)) : undefined;
  const shown = claims.state === 'ready' ? claims.data.filter((claim) => !own || own.has(claim.policyId)) : [];

  return (
    <section id={CLAIMS_ANCHOR} className="profile-section claims-panel" aria-labelledby="claims-title">
      <h2 id="claims-title">{t('title')}</h2>
      <p>
        {t('phoneLead')}{' '}
        <a className="claims-panel__phone" href={`tel:${CLAIMS_PHONE.replace(/\D/g, '')}`}>
          {CLAIMS_PHONE}
        </a>
        {t('phoneTail')}
      </p>
      <p className="muted">{t('emergency')}</p>
      {reported && (
        <p ref={confirmation} tabIndex={-1} className="notice claims-panel__reported" role="status">
          {t('reported', { number: reported.number })}
        </p>
      )}
      {open ? (
        <ClaimForm policies={bound} onReported={onReported} onCancel={onCancel} />
      ) : (
        bound.length > 0 && (
          <p>
            <button ref={reportButton} type="button" className="button button--fill" onClick={start}>
              {t('report')}
            </button>
          </p>
        )
      )}
      <QueryStatus state={claims.state} loading={t('loading')} failed={t('loadFailed')} retry={{ label: t('retry'), onClick: claims.refetch }} />
      {claims.state === 'ready' &&
        (shown.length === 0 ? (
          <p className="muted">{t('none')}</p>
        ) : (
          <ul className="policy-list claim-list">
            {shown.map((claim) => (
              <ClaimCard key={claim.id} claim={claim} onChanged={(changed) => claims.setData((list) => list.map((c) => (c.id === changed.id ? changed : c)))} />
            ))}
          </ul>
        ))}
    </section>
  );
}
