import { useEffect, useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { formatCents, formatDay, formatNumber } from '../../../../shared/format/money';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import { TextField } from '../../../components/ui/form-fields';
import { useLocale } from '../../../i18n/use-locale';
import { BillingDayForm } from './billing-day-form';
import { StatementLines } from './statement-lines';
import { fetchBilling, fetchDailyMiles, fetchStatements, saveBudget, sendReading, statementHref, type BillingSummary, type DayMiles, type StatementSummary } from '../api/billing-api';

/** What a refused reading means to the customer. */
const READING_ERRORS: Record<string, string> = { ODOMETER_WENT_DOWN: 'billing.readingDown', READING_BEFORE_POLICY: 'billing.readingBeforePolicy' };

interface Loaded {
  summary: BillingSummary;
  statements: StatementSummary[];
  days: DayMiles[];
}

/**
 * Pay-per-mile at a glance: this period's miles and bill so far with where it is heading, the
 * customer's own mileage budget, an odometer reading, the miles day by day (a table, readable
 * by everyone), and past statements with their PDF and CSV.
 */
export function MilesAndBilling({ policy }: { policy: PolicyView }) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const id = useId();
  const [loaded, setLoaded] = useState<Loaded | 'failed'>();
  const [budget, setBudget] = useState('');
  const [reading, setReading] = useState('');
  const [news, setNews] = useState<{ kind: 'ok' | 'error'; text: string }>();

  const load = async () => {
    const summary = await fetchBilling(policy.id);
    if (!summary.ok) return setLoaded('failed');
    const [statements, miles] = await Promise.all([fetchStatements(policy.id), fetchDailyMiles(policy.id, summary.value.period.from, summary.value.period.to)]);
    const days = miles.ok ? miles.value[0]?.days ?? [] : [];
    setLoaded({ summary: summary.value, statements: statements.ok ? statements.value : [], days });
    setBudget(summary.value.budget ? String(summary.value.budget.miles) : '');
  };

  useEffect(() => {
    void load();
    // One policy per card: its id does not change under it.
  }, [policy.id]);

  const onBudget = async (event: FormEvent) => {
    event.preventDefault();
    const miles = budget.trim() === '' ? null : Number(budget);
    if (miles !== null && (!Number.isInteger(miles) || miles < 1 || miles > 10_000)) return setNews({ kind: 'error', text: t('billing.budgetInvalid') });
    const saved = await saveBudget(policy.id, miles);
    if (!saved.ok) return setNews({ kind: 'error', text: t('billing.failed') });
    setLoaded((current) => (current && current !== 'failed' ? { ...current, summary: saved.value } : current));
    setNews({ kind: 'ok', text: miles === null ? t('billing.budgetRemoved') : t('billing.budgetSaved', { miles: formatNumber(miles, locale) }) });
  };

  const onReading = async (event: FormEvent) => {
    event.preventDefault();
    const miles = Number(reading);
    if (!Number.isInteger(miles) || miles < 0) return setNews({ kind: 'error', text: t('billing.readingInvalid') });
    const sent = await sendReading(policy.id, 0, miles);
    if (!sent.ok) return setNews({ kind: 'error', text: t(READING_ERRORS[sent.code ?? ''] ?? 'billing.failed') });
    setReading('');
    setNews({ kind: 'ok', text: t('billing.readingSaved', { miles: formatNumber(miles, locale) }) });
    await load();
  };

  if (!loaded) return <p className="muted">{t('billing.loading')}</p>;
  if (loaded === 'failed') return <p className="notice notice--error">{t('billing.loadFailed')}</p>;
  const { summary, statements, days } = loaded;
  const moved = days.filter((day) => day.source !== 'none');

  return (
    <section className="miles-billing" aria-labelledby={`${id}-title`}>
      <h4 id={`${id}-title`}>{t('billing.title')}</h4>
      <p className="muted">
        {t('billing.period', { from: formatDay(summary.period.from, locale), to: formatDay(summary.period.to, locale), day: summary.daysElapsed, days: summary.daysInPeriod })}
        {summary.nextStatementDate && <> {t('billing.nextStatement', { date: formatDay(summary.nextStatementDate, locale) })}</>}
      </p>
      <dl className="miles-billing__figures">
        <div>
          <dt>{t('billing.milesSoFar')}</dt>
          <dd data-testid="miles-so-far">{formatNumber(summary.totalMilesSoFar, locale)}</dd>
        </div>
        <div>
          <dt>{t('billing.billSoFar')}</dt>
          <dd data-testid="bill-so-far">{formatCents(summary.billSoFarCents, locale)}</dd>
        </div>
        <div>
          <dt>{t('billing.forecast')}</dt>
          <dd>{t('billing.forecastValue', { miles: formatNumber(summary.forecastMiles, locale), amount: formatCents(summary.forecastCents, locale) })}</dd>
        </div>
        {summary.flatRate && (
          <div>
            <dt>{t(summary.flatRate.savingsCents >= 0 ? 'billing.savings' : 'billing.extraCost')}</dt>
            <dd data-testid="savings">{t('billing.savingsValue', { amount: formatCents(Math.abs(summary.flatRate.savingsCents), locale), flat: formatCents(summary.flatRate.monthlyCents, locale) })}</dd>
          </div>
        )}
        {summary.budget && (
          <div>
            <dt>{t('billing.budget')}</dt>
            <dd>{t('billing.budgetValue', { used: formatNumber(Math.round(summary.budget.used), locale), miles: formatNumber(summary.budget.miles, locale) })}</dd>
          </div>
        )}
      </dl>
      {summary.flatRate && <p className="muted">{t('billing.breakEven', { miles: formatNumber(summary.flatRate.breakEvenMiles, locale) })}</p>}
      {summary.missingMiles && (
        <div className="callout" data-testid="missing-miles">
          <p>
            <strong>{t('billing.missingTitle')}</strong> {t('billing.missingText')}
          </p>
        </div>
      )}
      <div role="status">{news?.kind === 'ok' && <p className="notice">{news.text}</p>}</div>
      {news?.kind === 'error' && (
        <p className="notice notice--error" role="alert">
          {news.text}
        </p>
      )}
      <div className="miles-billing__forms">
        <form className="form" noValidate onSubmit={(event) => void onReading(event)}>
          <TextField label={t('billing.reading')} hint={t('billing.readingHint')} name="reading" inputMode="numeric" value={reading} onChange={(event) => setReading(event.target.value)} />
          <div>
            <button type="submit" className="button button--outline">
              {t('billing.sendReading')}
            </button>
          </div>
        </form>
        <BillingDayForm
          policyId={policy.id}
          summary={summary}
          onSaved={(saved, text) => {
            setLoaded((current) => (current && current !== 'failed' ? { ...current, summary: saved } : current));
            setNews({ kind: 'ok', text });
          }}
        />
        <form className="form" noValidate onSubmit={(event) => void onBudget(event)}>
          <TextField label={t('billing.budgetLabel')} hint={t('billing.budgetHint')} name="budget" inputMode="numeric" value={budget} onChange={(event) => setBudget(event.target.value)} />
          <div>
            <button type="submit" className="button button--outline">
              {t('billing.saveBudget')}
            </button>
          </div>
        </form>
      </div>
      <details className="miles-billing__days">
        <summary>{t('billing.daysTitle', { count: moved.length })}</summary>
        {moved.length === 0 ? (
          <p className="muted">{t('billing.noMiles')}</p>
        ) : (
          <table className="miles-table">
            <caption className="visually-hidden">{t('billing.daysCaption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('billing.day')}</th>
                <th scope="col">{t('billing.miles')}</th>
                <th scope="col">{t('billing.billable')}</th>
                <th scope="col">{t('billing.source')}</th>
              </tr>
            </thead>
            <tbody>
              {moved.map((day) => (
                <tr key={day.date}>
                  <td>{formatDay(day.date, locale)}</td>
                  <td>{formatNumber(day.miles, locale)}</td>
                  <td>{formatNumber(day.billableMiles, locale)}</td>
                  <td>{t(`billing.sources.${day.source}`)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </details>
      <h5>{t('billing.statements')}</h5>
      {statements.length === 0 ? (
        <p className="muted">{t('billing.noStatements', { date: formatDay(summary.period.to, locale) })}</p>
      ) : (
        <ul className="miles-billing__statements">
          {statements.map((statement) => (
            <li key={statement.id}>
              <details>
                <summary>
                  {t('billing.statementLine', { from: formatDay(statement.from, locale), to: formatDay(statement.to, locale), amount: formatCents(statement.totalCents, locale) })} ·{' '}
                  {t(`billing.status.${statement.status}`)}
                </summary>
                {statement.lines && <StatementLines lines={statement.lines} totalCents={statement.totalCents} vehicles={policy.vehicles} />}
              </details>{' '}
              <a href={statementHref(policy.id, statement.id, 'pdf', locale)} download aria-label={t('billing.pdfNamed', { from: formatDay(statement.from, locale) })}>
                {t('billing.pdf')}
              </a>{' '}
              <a href={statementHref(policy.id, statement.id, 'csv', locale)} download aria-label={t('billing.csvNamed', { from: formatDay(statement.from, locale) })}>
                {t('billing.csv')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
