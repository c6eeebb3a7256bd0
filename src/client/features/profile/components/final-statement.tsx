import { formatCents, formatDay } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { BillingSummary, StatementSummary } from '../api/billing-api';

type Final = NonNullable<BillingSummary['final']>;

/**
 * After a cancellation: when coverage ended, and the final statement — to come, or made, with
 * what it asks or gives back (the unused days' base rate). Before it is made, what it comes to
 * with the miles so far, said plainly (the period's lines less the base rate already paid ahead:
 * what the statement will bill).
 */
export function FinalStatement({ final, statement, summary }: { final: Final; statement?: StatementSummary; summary: Pick<BillingSummary, 'billLines'> }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const lines = statement?.lines ?? summary.billLines.filter((line) => line.kind !== 'base-rate');
  const refund = lines.filter((line) => line.kind === 'base-rate-credit').reduce((sum, line) => sum - line.amountCents, 0);
  const net = statement?.totalCents ?? lines.reduce((sum, line) => sum + line.amountCents, 0);
  return (
    <div className="callout" data-testid="final-statement">
      <p>
        <strong>{t('billing.final.title')}</strong> {t('billing.final.ended', { date: formatDay(final.lastDay, locale) })}
      </p>
      {statement ? (
        <p>
          {t(statement.totalCents > 0 ? 'billing.final.toPay' : 'billing.final.credit', { amount: formatCents(Math.abs(statement.totalCents), locale) })} ·{' '}
          {t(`billing.status.${statement.status}`)}
        </p>
      ) : (
        <>
          <p>{t('billing.final.comes', { date: formatDay(final.statementDate, locale) })}</p>
          <p data-testid="final-net">
            <strong>{t(net > 0 ? 'billing.final.soFarDue' : 'billing.final.soFarRefund', { amount: formatCents(Math.abs(net), locale) })}</strong>
          </p>
        </>
      )}
      {refund > 0 && <p data-testid="final-refund">{t('billing.final.refund', { amount: formatCents(refund, locale) })}</p>}
      {final.takesMiles && <p className="muted">{t('billing.final.lateMiles')}</p>}
    </div>
  );
}
