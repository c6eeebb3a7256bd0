import { lineCar } from '../../../../shared/billing/line-car';
import { formatCents, formatChange, formatDay, formatMills, formatNumber } from '../../../../shared/format/money';
import { vehicleName } from '../../../../shared/quote/quote-model';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { PolicyView } from '../../../../shared/policy/policy-model';
import type { StatementLineView } from '../api/billing-api';

const KEYS: Record<StatementLineView['kind'], string> = {
  miles: 'miles',
  'mileage-adjustment': 'adjustment',
  'base-rate': 'baseRate',
  'base-rate-credit': 'credit',
  'policy-change': 'policyChange',
  'no-cover': 'noCover',
};

/**
 * Every line of a statement (or of the bill so far: `totalLabel` names its total), each with its
 * amount: nothing billed is left out. A miles line names the car it bills as it recorded it (the
 * car insured those days, one removed or replaced since too). A policy change's difference is
 * signed, more or back.
 */
export function StatementLines({
  lines,
  totalCents,
  vehicles,
  totalLabel,
}: {
  lines: StatementLineView[];
  totalCents: number;
  vehicles: PolicyView['vehicles'];
  totalLabel?: string;
}) {
  const { t } = useTranslation('profile');
  const { locale } = useLocale();
  const describe = (line: StatementLineView) => {
    const car = lineCar(line, vehicles);
    const key = line.kind === 'base-rate' && line.days !== undefined ? 'baseRateProrated' : KEYS[line.kind];
    return t(`billing.lines.${key}`, {
      car: car ? vehicleName(car) : '',
      miles: formatNumber(line.miles ?? 0, locale),
      rate: formatMills(line.perMileRateMills ?? 0, locale),
      from: formatDay(line.from, locale),
      to: formatDay(line.to, locale),
      days: line.days,
      periodDays: line.periodDays,
    });
  };
  return (
    <table className="miles-table statement-lines">
      <caption className="visually-hidden">{t('billing.linesCaption')}</caption>
      <tbody>
        {lines.map((line, i) => (
          <tr key={i}>
            <td>{describe(line)}</td>
            <td className="statement-lines__amount">
              {line.kind === 'policy-change' ? formatChange(line.amountCents, formatCents, locale) : formatCents(line.amountCents, locale)}
            </td>
          </tr>
        ))}
      </tbody>
      <tfoot>
        <tr>
          <th scope="row">{totalLabel ?? t('billing.total')}</th>
          <td className="statement-lines__amount">{formatCents(totalCents, locale)}</td>
        </tr>
      </tfoot>
    </table>
  );
}
