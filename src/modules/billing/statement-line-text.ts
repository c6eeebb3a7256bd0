import { lineCar } from '../../shared/billing/line-car';
import { formatCents, formatDay, formatMills, formatNumber } from '../../shared/format/money';
import { vehicleName } from '../../shared/quote/quote-model';
import type { Locale } from '../../shared/locale';
import type { PolicyVehicle } from '../../shared/policy/policy-model';
import type { StatementLine } from './statement-lines';
import type { TFunction } from 'i18next';

const KEYS: Record<StatementLine['kind'], string> = {
  miles: 'miles',
  'mileage-adjustment': 'adjustment',
  'base-rate': 'baseRate',
  'base-rate-credit': 'credit',
  'policy-change': 'policyChange',
  'no-cover': 'noCover',
};

/**
 * One statement line in words, the same in the e-mail and the PDF: `t` is their catalogue and
 * `prefix` where its statement texts are (each may leave out the amount, which the PDF puts in a column).
 */
export function statementLineText(
  line: StatementLine,
  vehicles: Pick<PolicyVehicle, 'vehicleIndex' | 'year' | 'make' | 'model'>[],
  locale: Locale,
  t: TFunction,
  prefix: string,
): string {
  const car = lineCar(line, vehicles);
  const key = line.kind === 'base-rate' && line.days !== undefined ? 'baseRateProrated' : KEYS[line.kind];
  return t(`${prefix}.${key}`, {
    car: car ? vehicleName(car) : '',
    miles: formatNumber(line.miles ?? 0, locale),
    rate: formatMills(line.perMileRateMills ?? 0, locale),
    from: formatDay(line.from, locale),
    to: formatDay(line.to, locale),
    days: String(line.days ?? ''),
    periodDays: String(line.periodDays ?? ''),
    amount: formatCents(line.amountCents, locale),
  });
}
