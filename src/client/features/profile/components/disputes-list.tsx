import { formatDay, formatNumber } from '../../../../shared/format/money';
import { NewTabLink } from '../../../components/ui/new-tab-link';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { disputePhotoHref, type DisputeView } from '../api/miles-api';

/** One disputed day: what the customer said, and once staff decided, what is billed and why. */
function DisputeItem({ policyId, dispute }: { policyId: string; dispute: DisputeView }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  return (
    <li className="dispute">
      <p className="dispute__head">
        <strong>{formatDay(dispute.day, locale)}</strong>{' '}
        <span className={`status-badge dispute__status--${dispute.status}`}>{t(`billing.disputeStatus.${dispute.status}`)}</span>
      </p>
      {dispute.trip && (
        <p>
          {t('billing.dispute.flaggedTrip', {
            miles: formatNumber(dispute.trip.miles, locale),
            reason: t(`trips.flag.reasons.${dispute.trip.flag}`, { ns: 'history' }),
          })}
        </p>
      )}
      {dispute.reason && <p>{t('billing.dispute.yourReason', { reason: dispute.reason })}</p>}
      {dispute.claimedMiles !== null && <p>{t('billing.dispute.yourMiles', { miles: formatNumber(dispute.claimedMiles, locale) })}</p>}
      {dispute.status === 'accepted' && dispute.resolvedMiles !== null && (
        <p>{t('billing.dispute.accepted', { miles: formatNumber(dispute.resolvedMiles, locale) })}</p>
      )}
      {dispute.status === 'rejected' && <p>{t('billing.dispute.rejected')}</p>}
      {dispute.staffNote && <p>{t('billing.dispute.staffNote', { note: dispute.staffNote })}</p>}
      {dispute.hasPhoto && (
        <NewTabLink href={disputePhotoHref(policyId, dispute.id)}>{t('billing.dispute.photoLink', { day: formatDay(dispute.day, locale) })}</NewTabLink>
      )}
    </li>
  );
}

/** The car's disputed days, newest first, with how each stands. */
export function DisputesList({ policyId, disputes }: { policyId: string; disputes: DisputeView[] }) {
  const { t } = useTranslation('profile');
  if (disputes.length === 0) return null;
  return (
    <section className="disputes" aria-label={t('billing.dispute.listTitle')}>
      <h5>{t('billing.dispute.listTitle')}</h5>
      <ul className="disputes__list">
        {disputes.map((dispute) => (
          <DisputeItem key={dispute.id} policyId={policyId} dispute={dispute} />
        ))}
      </ul>
    </section>
  );
}
