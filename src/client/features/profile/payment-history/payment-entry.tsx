import { formatCents, formatDay, formatInstantDay } from '../../../../shared/format/money';
import { cardBrandName } from '../../../../shared/payment/card-brands';
import { receiptPath, type PaymentHistoryEntry } from '../../../../shared/payment/payment-history-model';
import { useBrowserZone } from '../../../app/use-browser-zone';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';

/**
 * One payment, refund or failed attempt: what it paid for and when, the card, the amount, how it
 * went, and its receipt as a PDF (a plain link: the server answers it as an attachment).
 */
export function PaymentEntry({ entry }: { entry: PaymentHistoryEntry }) {
  const { t } = useTranslation('history');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  const what = t(`payments.${entry.kind === 'refund' ? 'refundOf' : 'paidFor'}.${entry.paidFor}`);
  const amount = formatCents(entry.amountCents, locale);
  const date = formatInstantDay(entry.at, locale, zone);
  const status = entry.kind === 'refund' ? 'refunded' : entry.status;
  const details = [
    entry.policyNumber && t('payments.policy', { number: entry.policyNumber }),
    entry.period && t('payments.period', { from: formatDay(entry.period.from, locale), to: formatDay(entry.period.to, locale) }),
    entry.card && t('payments.card', { brand: cardBrandName(entry.card.brand) ?? t('payments.anyCard'), last4: entry.card.last4 }),
  ].filter(Boolean);

  return (
    <li className={`payment-entry payment-entry--${status}`}>
      <div className="payment-entry__main">
        <p className="payment-entry__what">
          <time dateTime={entry.at}>{date}</time> · {what}
        </p>
        {details.length > 0 && <p className="payment-entry__details muted">{details.join(' · ')}</p>}
        {entry.failure && (
          <p className="payment-entry__failure">
            {t(`payments.failure.${entry.failure}`)} {t('payments.nothingCharged')}
          </p>
        )}
      </div>
      <div className="payment-entry__side">
        <p className="payment-entry__amount">{entry.kind === 'refund' ? t('payments.refundAmount', { amount }) : amount}</p>
        <p className={`payment-entry__status payment-entry__status--${status}`}>{t(`payments.status.${status}`)}</p>
        {entry.receipt && (
          <a
            className="payment-entry__receipt"
            href={receiptPath(entry.id, locale)}
            download
            aria-label={
              entry.policyNumber
                ? t('payments.receiptNamedPolicy', { what, amount, date, number: entry.policyNumber })
                : t('payments.receiptNamed', { what, amount, date })
            }
          >
            {t('payments.receipt')}
          </a>
        )}
      </div>
    </li>
  );
}
