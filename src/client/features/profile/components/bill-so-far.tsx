import { addDays } from '../../../../shared/dates/iso-day';
import { formatCents, formatChange, formatDay, numberLocale } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { StatementLines } from './statement-lines';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { BillingSummary } from '../api/billing-api';

/** The days a policy change cut this period at: where a stretch of miles starts anew, or a base rate difference does. */
function changeDays(summary: Pick<BillingSummary, 'billLines' | 'period'>): string[] {
  const days = summary.billLines
    .filter((line) => (line.kind === 'miles' && line.from > summary.period.from) || line.kind === 'policy-change')
    .map((line) => line.from);
  return [...new Set(days)].sort();
}

/** Under the bill so far: each policy change's base rate difference, signed ("Policy change from November 20, 2026: +$30.00"). */
export function BillSoFarChanges({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('period-bill');
  const { locale } = useLocale();
  return summary.billLines
    .filter((line) => line.kind === 'policy-change')
    .map((line, i) => (
      <span className="miles-billing__note" key={i} data-testid="bill-change">
        {t('change', { date: formatDay(line.from, locale), amount: formatChange(line.amountCents, formatCents, locale) })}
      </span>
    ));
}

/** Under the forecast, when a change cut the period: the days to come are priced at their own rates. */
export function ForecastNote({ summary }: { summary: BillingSummary }) {
  const { t } = useTranslation('period-bill');
  return changeDays(summary).length > 0 && <span className="miles-billing__note">{t('forecastNote')}</span>;
}

/**
 * The bill so far line by line, as the period's statement will bill it: the base rate paid ahead,
 * each stretch's miles at its per-mile rates, each change's difference. Open when a policy change
 * cut the period, with why; folded otherwise.
 */
export function BillSoFarLines({ summary, vehicles }: { summary: BillingSummary; vehicles: PolicyView['vehicles'] }) {
  const { t } = useTranslation('period-bill');
  const { locale } = useLocale();
  const changed = changeDays(summary);
  // A change booked for a later day of the period (issue 26) has not happened yet: said so.
  const today = addDays(summary.period.from, summary.daysElapsed - 1);
  const dates = new Intl.ListFormat(numberLocale(locale), { type: 'conjunction' }).format(changed.map((day) => formatDay(day, locale)));
  return (
    // Open when a change cut the period, and after a cancellation: its credit is not hidden behind a fold.
    <details className="bill-so-far" open={changed.length > 0 || summary.final !== undefined} data-testid="bill-lines">
      <summary>{t('linesTitle')}</summary>
      <p className="muted">{t('intro')}</p>
      {changed.length > 0 && <p className="muted">{t(changed.every((day) => day > today) ? 'changesLater' : 'changed', { dates })}</p>}
      <StatementLines lines={summary.billLines} totalCents={summary.billSoFarCents} vehicles={vehicles} totalLabel={t('total')} />
    </details>
  );
}
