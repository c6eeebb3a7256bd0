import { forwardRef, useRef, useState } from 'react';
import { formatDay } from '../../../../shared/format/money';
import { documentsOf, PolicyDocuments } from '../../../components/policy/policy-documents';
import { PolicyFacts } from '../../../components/policy/policy-facts';
import { useFocusNext } from '../../../components/ui/use-focus-next';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { CancelDialog } from './cancel-dialog';
import { MilesAndBilling } from './miles-billing';
import { NonPaymentNotice } from './non-payment-notice';
import { ReinstatementNotice } from './reinstatement-notice';
import { RenewalNotice } from './renewal-notice';
import { ReviewAndSign } from './review-and-sign';
import { ShareProof } from './share-proof';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/**
 * One policy on the profile: its facts and documents, Cancel, and for one staff bought, the
 * customer's review and signature (staff acting for them see that it waits for the customer).
 */
export const PolicyCard = forwardRef<HTMLElement, { policy: PolicyView; staff: boolean; onChange: (policy: PolicyView) => void }>(function PolicyCard(
  { policy, staff, onChange },
  reviewRef,
) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const [cancelling, setCancelling] = useState(false);
  const [news, setNews] = useState<'signed' | 'cancelled'>();
  const pending = policy.status === 'pending-confirmation';
  const heading = useRef<HTMLHeadingElement>(null);
  const cancelButton = useRef<HTMLButtonElement>(null);
  // The dialog closed, the focus goes back to Cancel; the policy cancelled, Cancel is gone and
  // the card's heading takes it, above the news that says so.
  const focusNext = useFocusNext();

  return (
    <li className="policy-card card" aria-labelledby={`policy-${policy.id}`}>
      <h3 id={`policy-${policy.id}`} ref={heading} tabIndex={-1} className="policy-card__title">
        {t('policies.heading', { number: policy.number })}
      </h3>
      <div role="status">
        {news === 'signed' && <p className="notice">{t('policies.signed', { number: policy.number })}</p>}
        {news === 'cancelled' && policy.cancellationDate && (
          <p className="notice">{t('policies.cancelledNews', { number: policy.number, date: formatDay(policy.cancellationDate, locale) })}</p>
        )}
      </div>
      <PolicyFacts policy={policy} />
      <NonPaymentNotice policy={policy} onChange={onChange} />
      <ReinstatementNotice policy={policy} onChange={onChange} />
      <RenewalNotice policy={policy} onChange={onChange} />
      {pending && staff && <p className="notice">{t('policies.waitingForCustomer')}</p>}
      {pending && !staff && (
        <ReviewAndSign
          ref={reviewRef}
          policy={policy}
          onSigned={(signed) => {
            setNews('signed');
            onChange(signed);
          }}
        />
      )}
      <PolicyDocuments policy={policy} />
      {/* Issue 27: a link to what the ID card shows, while the policy has an ID card. */}
      {documentsOf(policy).includes('id-card') && <ShareProof policy={policy} />}
      {/* Bound policies only; a cancelled one keeps it until its final statement is settled (MilesAndBilling decides). */}
      {policy.boundAt && policy.status !== 'pending-confirmation' && <MilesAndBilling policy={policy} />}
      {policy.status !== 'cancelled' && policy.status !== 'expired' && (
        <button
          type="button"
          ref={cancelButton}
          className="button button--text policy-card__cancel"
          onClick={() => setCancelling(true)}
          aria-label={t('policies.cancelNamed', { number: policy.number })}
        >
          {t('policies.cancel')}
        </button>
      )}
      {cancelling && (
        <CancelDialog
          policy={policy}
          onClose={() => {
            setCancelling(false);
            focusNext(() => cancelButton.current);
          }}
          onCancelled={(cancelled) => {
            setCancelling(false);
            focusNext(() => heading.current);
            setNews('cancelled');
            onChange(cancelled);
          }}
        />
      )}
    </li>
  );
});
