import { useEffect, useId, useRef, useState } from 'react';
import { ClaimFacts, ClaimHistory } from '../../../components/claims/claim-details';
import { ClaimMessages } from '../../../components/claims/claim-messages';
import { ClaimStatusBadge } from '../../../components/claims/claim-status-badge';
import { formatClaimTime } from '../../../components/claims/claim-time';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { sendStaffClaimMessage, staffClaimPhotoUrl, type StaffClaimView } from '../../../lib/claims/claims-api';
import { ClaimMoveForm } from './claim-move-form';

/**
 * One claim in staff's list: whose, which policy, its state; opened, what was reported, its history and the next step.
 * `opened`: the claim a link asked for (?claim=<id>, from the agent customers screen), shown open and scrolled to.
 */
export function StaffClaimCard({ claim, onMoved, opened = false }: { claim: StaffClaimView; onMoved: (claim: StaffClaimView) => void; opened?: boolean }) {
  const { t } = useTranslation('staff-claims');
  const { locale } = useLocale();
  const id = useId();
  const [open, setOpen] = useState(opened);
  const card = useRef<HTMLLIElement>(null);
  useEffect(() => {
    if (opened) card.current?.scrollIntoView({ block: 'start' });
  }, [opened]);
  const [moved, setMoved] = useState<string>();
  return (
    <li ref={card} className="policy-card card claim-card" aria-labelledby={`${id}-title`}>
      <div className="claim-card__head">
        <h3 id={`${id}-title`} className="policy-card__title">
          {t('card.title', { ns: 'claims', number: claim.number })}
        </h3>
        <ClaimStatusBadge status={claim.status} />
      </div>
      <p className="claim-card__who">
        <span className="sold-policies__email">{claim.customerEmail}</span> · {claim.policyNumber} · {t(`kind.${claim.kind}`, { ns: 'claims' })} ·{' '}
        {t('reportedAt', { at: formatClaimTime(claim.createdAt, locale) })}
      </p>
      {moved && (
        <p className="notice" role="status">
          {moved}
        </p>
      )}
      {/* Named by its claim: a list of "Open" buttons read out of context says nothing of which. */}
      <button
        type="button"
        className="button button--outline"
        aria-expanded={open}
        aria-controls={`${id}-detail`}
        aria-label={t(open ? 'hideNamed' : 'openNamed', { number: claim.number })}
        onClick={() => setOpen(!open)}
      >
        {open ? t('hide') : t('open')}
      </button>
      {open && (
        <div id={`${id}-detail`} className="claim-card__detail">
          <ClaimFacts claim={claim} photoUrl={(photoId) => staffClaimPhotoUrl(claim.id, photoId)} />
          <h4 className="claim-card__subtitle">{t('history.title', { ns: 'claims' })}</h4>
          <ClaimHistory claim={claim} />
          <ClaimMessages claim={claim} reader="staff" send={(key, body) => sendStaffClaimMessage(claim.id, key, body)} onSent={onMoved} />
          <h4 className="claim-card__subtitle">{t('nextStep')}</h4>
          <ClaimMoveForm
            key={claim.status}
            claim={claim}
            onMoved={(next) => {
              setMoved(t('moved', { number: next.number, status: t(`status.${next.status}`, { ns: 'claims' }) }));
              onMoved(next);
            }}
          />
        </div>
      )}
    </li>
  );
}
