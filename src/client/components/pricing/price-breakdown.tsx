import { formatCents, formatChange, formatMills } from '../../../shared/format/money';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import type { QuotePrice } from '../../../shared/quote/quote-model';

/**
 * "Why this price": the state's starting rates, then what each rating factor added or took
 * away, down to the rates the customer pays. The lines add up exactly.
 */
export function PriceBreakdown({ price }: { price: QuotePrice }) {
  const { t } = useTranslation('pricing');
  const { locale } = useLocale();
  const [start, ...changes] = price.breakdown;
  return (
    <table className="data-table breakdown">
      <caption>{t('breakdown.caption', { version: price.rateVersion })}</caption>
      <thead>
        <tr>
          <th scope="col">{t('breakdown.factor')}</th>
          <th scope="col">{t('breakdown.base')}</th>
          <th scope="col">{t('breakdown.perMile')}</th>
        </tr>
      </thead>
      <tbody>
        <tr>
          <th scope="row">{t('factors.base-rate', { state: t(`states.${price.state}`) })}</th>
          <td>{formatCents(start.base, locale)}</td>
          <td>{formatMills(start.perMile, locale)}</td>
        </tr>
        {changes.map((line) => (
          <tr key={line.factor}>
            <th scope="row">{t([`factors.${line.factor}`, 'factors.other'])}</th>
            <td>{formatChange(line.base, formatCents, locale)}</td>
            <td>{formatChange(line.perMile, formatMills, locale)}</td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{t('breakdown.total')}</th>
          <td>{formatCents(price.baseRateCents, locale)}</td>
          <td>{formatMills(price.perMileRateMills, locale)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
