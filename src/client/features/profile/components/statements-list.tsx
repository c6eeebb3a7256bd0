import { daysInclusive } from '../../../../shared/dates/iso-day';
import { formatCents, formatDay } from '../../../../shared/format/money';
import { DAILY_CAP_MILES } from '../../../../shared/miles/billable-miles';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { statementHref, type StatementSummary } from '../api/billing-api';
import { StatementLines } from './statement-lines';
import type { PolicyView } from '../../../../shared/policy/policy-model';

/** Past statements, each with every line on the page and as PDF and CSV. */
export function StatementsList({
  policy,
  statements,
  firstStatementAfter,
}: {
  policy: PolicyView;
  statements: StatementSummary[];
  firstStatementAfter: string;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  return (
    <>
      <h5>{t('billing.statements')}</h5>
      {statements.length === 0 ? (
        <p className="muted">{t('billing.noStatements', { date: formatDay(firstStatementAfter, locale) })}</p>
      ) : (
        <ul className="miles-billing__statements">
          {statements.map((statement) => (
            <li key={statement.id}>
              <details>
                <summary>
                  {t('billing.statementLine', {
                    from: formatDay(statement.from, locale),
                    to: formatDay(statement.to, locale),
                    amount: formatCents(statement.totalCents, locale),
                  })}{' '}
                  · {t(`billing.status.${statement.status}`)}
                </summary>
                {statement.lines && <StatementLines lines={statement.lines} totalCents={statement.totalCents} vehicles={policy.vehicles} />}
                <p className="muted" data-testid="statement-maximum">
                  {t('billing.statementMaximum', {
                    amount: formatCents(statement.maximumCents, locale),
                    cap: DAILY_CAP_MILES,
                    days: daysInclusive(statement.from, statement.to),
                  })}
                </p>
              </details>{' '}
              <a
                href={statementHref(policy.id, statement.id, 'pdf', locale)}
                download
                aria-label={t('billing.pdfNamed', { from: formatDay(statement.from, locale), number: policy.number })}
              >
                {t('billing.pdf')}
              </a>{' '}
              <a
                href={statementHref(policy.id, statement.id, 'csv', locale)}
                download
                aria-label={t('billing.csvNamed', { from: formatDay(statement.from, locale), number: policy.number })}
              >
                {t('billing.csv')}
              </a>
            </li>
          ))}
        </ul>
      )}
    </>
  );
}
