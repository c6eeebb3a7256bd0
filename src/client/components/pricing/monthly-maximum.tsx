import { LONGEST_MONTH_DAYS, mostAMonthCanCostCents } from '../../../shared/billing/monthly-maximum';
import { formatCents } from '../../../shared/format/money';
import { DAILY_CAP_MILES } from '../../../shared/miles/billable-miles';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';

/**
 * "The most a month can cost" at the price: no period is known yet, so it is said for the longest
 * month (31 days), every car at the daily cap: no statement can bill more for a month.
 */
export function MonthlyMaximum({ baseRateCents, perMileRatesMills }: { baseRateCents: number; perMileRatesMills: number[] }) {
  const { t } = useTranslation('quote');
  const { locale } = useLocale();
  const amount = formatCents(mostAMonthCanCostCents({ baseRateCents, perMileRatesMills, days: LONGEST_MONTH_DAYS }), locale);
  return (
    <p className="price-panel__maximum" data-testid="monthly-maximum">
      <strong>{t('price.maximum', { amount })}</strong>
      <br />
      <span className="muted">{t('price.maximumWhy', { cap: DAILY_CAP_MILES, days: LONGEST_MONTH_DAYS })}</span>
    </p>
  );
}
