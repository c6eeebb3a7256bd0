import { addDays } from '../../../../shared/dates/iso-day';
import { formatCents, formatDay, formatNumber } from '../../../../shared/format/money';
import { FINAL_MILES_DAYS } from '../../../../shared/policy/policy-model';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchCancellationQuote } from '../../../lib/policy/policy-api';

/**
 * What cancelling on the chosen day comes to, before the customer confirms: the base rate given
 * back for the days after it, the miles billed so far, and the refund or amount due. The server's
 * figure is the final statement's own planning, so this is what that statement will say if no
 * more miles come.
 */
export function CancelQuote({ policyId, date }: { policyId: string; date: string | null }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const query = useApiQuery(date ? ['cancellation-quote', policyId, date] : null, () => fetchCancellationQuote(policyId, date!), { keepPrevious: true });
  if (!date) return null;
  if (query.state === 'loading')
    return (
      <p className="muted" aria-live="polite">
        {t('cancel.quote.loading')}
      </p>
    );
  if (query.state === 'failed') return <p className="muted">{t('cancel.quote.failed')}</p>;
  const quote = query.data;
  if (!quote) return <p className="muted">{t('cancel.quote.nothing')}</p>;
  const money = (cents: number) => formatCents(cents, locale);
  return (
    <div className="callout cancel-quote" data-testid="cancel-quote" aria-live="polite">
      <dl className="cancel-quote__lines">
        <div>
          <dt>{t('cancel.quote.credit', { date: formatDay(addDays(quote.to, 1), locale) })}</dt>
          <dd>{money(quote.creditCents)}</dd>
        </div>
        <div>
          <dt>{t('cancel.quote.miles', { miles: formatNumber(quote.miles, locale), from: formatDay(quote.from, locale) })}</dt>
          <dd>−{money(quote.milesCents)}</dd>
        </div>
        {quote.changesCents !== 0 && (
          <div>
            <dt>{t('cancel.quote.changes')}</dt>
            <dd>{quote.changesCents > 0 ? `−${money(quote.changesCents)}` : money(-quote.changesCents)}</dd>
          </div>
        )}
        <div className="cancel-quote__total">
          <dt>{t(quote.totalCents <= 0 ? 'cancel.quote.refund' : 'cancel.quote.due')}</dt>
          <dd data-testid="cancel-quote-total">{money(Math.abs(quote.totalCents))}</dd>
        </div>
      </dl>
      <p className="muted">{t('cancel.quote.note', { statement: formatDay(addDays(quote.to, FINAL_MILES_DAYS + 1), locale) })}</p>
    </div>
  );
}
