import { FLAT_RATE_SOURCE } from '../../../../shared/billing/flat-rate-yardstick';
import { formatCents, formatDay, formatNumber } from '../../../../shared/format/money';
import { DAILY_CAP_MILES } from '../../../../shared/miles/billable-miles';
import { stateName } from '../../../components/policy-changes/state-name';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { BillSoFarChanges, ForecastNote } from './bill-so-far';
import type { BillingSummary } from '../api/billing-api';

/** This period at a glance: miles and bill so far, where they are heading, the flat-rate comparison and the budget. */
export function BillingFigures({ summary, asksReading = true }: { summary: BillingSummary; asksReading?: boolean }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const flat = summary.flatRate;
  const last = flat?.lastPeriod;
  // Named in every sentence that uses it: whose average, which year, whose figures.
  const yardstick = flat && { state: stateName(t, flat.state), year: flat.year, source: FLAT_RATE_SOURCE };
  // A policy whose last covered day has passed has nothing left to forecast.
  const forecasting = !summary.final || summary.daysElapsed < summary.daysInPeriod;
  // The base rate was charged ahead: only the rest comes on the statement (given back when below zero).
  const rest = summary.billSoFarCents - summary.paidAheadCents;
  // A cancellation's credit is in the bill so far: said beside it, not only in its lines.
  const credit = summary.billLines.filter((line) => line.kind === 'base-rate-credit').reduce((sum, line) => sum - line.amountCents, 0);
  return (
    <>
      <dl className="miles-billing__figures">
        <div>
          <dt>{t('billing.milesSoFar')}</dt>
          <dd data-testid="miles-so-far">{formatNumber(summary.totalMilesSoFar, locale)}</dd>
        </div>
        <div>
          <dt>{t('billing.billSoFar')}</dt>
          <dd>
            <span data-testid="bill-so-far">{formatCents(summary.billSoFarCents, locale)}</span>
            <span className="miles-billing__note" data-testid="bill-so-far-split">
              {t(rest < 0 ? 'billing.billSoFarSplitBack' : 'billing.billSoFarSplit', {
                paid: formatCents(summary.paidAheadCents, locale),
                rest: formatCents(Math.abs(rest), locale),
              })}
            </span>
            <BillSoFarChanges summary={summary} />
          </dd>
        </div>
        {credit > 0 && (
          <div>
            <dt>{t('billing.creditFigure')}</dt>
            <dd data-testid="credit-figure">{formatCents(credit, locale)}</dd>
          </div>
        )}
        {forecasting && (
          <div>
            <dt>{t('billing.forecast')}</dt>
            <dd data-testid="forecast">
              {t('billing.forecastValue', { miles: formatNumber(summary.forecastMiles, locale), amount: formatCents(summary.forecastCents, locale) })}
              <ForecastNote summary={summary} />
            </dd>
          </div>
        )}
        {forecasting && (
          <div>
            <dt>{t('billing.maximum')}</dt>
            <dd>
              <span data-testid="period-maximum">{formatCents(summary.maximumCents, locale)}</span>
              <span className="miles-billing__note">{t('billing.maximumNote', { cap: DAILY_CAP_MILES })}</span>
            </dd>
          </div>
        )}
        {last && (
          <div>
            <dt>{t(last.savingsCents >= 0 ? 'billing.savings' : 'billing.extraCost')}</dt>
            <dd data-testid="savings">
              {formatCents(Math.abs(last.savingsCents), locale)}
              <span className="miles-billing__note">
                {t('billing.savingsPeriod', {
                  ...yardstick,
                  from: formatDay(last.from, locale),
                  to: formatDay(last.to, locale),
                  flat: formatCents(last.flatCents, locale),
                })}
              </span>
            </dd>
          </div>
        )}
        {summary.budget && (
          <div>
            <dt>{t('billing.budget')}</dt>
            <dd>
              {t('billing.budgetValue', { used: formatNumber(Math.round(summary.budget.used), locale), miles: formatNumber(summary.budget.miles, locale) })}
            </dd>
          </div>
        )}
      </dl>
      {flat && (
        <p className="muted" data-testid="flat-rate">
          {t(flat.breakEvenMiles > 0 ? 'billing.breakEven' : 'billing.breakEvenNone', {
            ...yardstick,
            perCar: formatCents(flat.monthlyCentsPerCar, locale),
            miles: formatNumber(flat.breakEvenMiles, locale),
          })}
        </p>
      )}
      {/* A call for a reading: not to a household member whose role cannot send one (issue 27). */}
      {summary.missingMiles && asksReading && (
        <div className="callout" data-testid="missing-miles">
          <p>
            <strong>{t('billing.missingTitle')}</strong> {t('billing.missingText')}
          </p>
        </div>
      )}
    </>
  );
}
