import { formatCents, formatDay, formatMills } from '../../../shared/format/money';
import { coverStartsAt, formatCoverStart } from '../../../shared/policy/cover-start';
import { vehicleName } from '../../../shared/quote/quote-model';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { PolicyStatusBadge } from './policy-status';
import type { PolicyView } from '../../../shared/policy/policy-model';

/** A policy at a glance: number, status, dates, the month's base rate and each car's rate a mile. */
export function PolicyFacts({ policy }: { policy: PolicyView }) {
  const { t } = useTranslation('policy');
  const { locale } = useLocale();
  // Bound, it starts at a moment (the purchase, for a policy bought on its first day); unbound, on its day.
  const coverFrom = coverStartsAt(policy);
  return (
    <dl className="policy-facts">
      <div>
        <dt>{t('facts.number')}</dt>
        <dd data-testid="policy-number">{policy.number}</dd>
      </div>
      <div>
        <dt>{t('facts.status')}</dt>
        <dd>
          <PolicyStatusBadge status={policy.status} />
        </dd>
      </div>
      <div>
        <dt>{t('facts.effective')}</dt>
        <dd data-testid="policy-cover-start">{coverFrom ? formatCoverStart(coverFrom, policy.state, locale) : formatDay(policy.effectiveDate, locale)}</dd>
      </div>
      {(policy.status === 'cancelled' || policy.status === 'expired') && policy.cancellationDate ? (
        <div>
          <dt>{t('facts.cancelled')}</dt>
          <dd>{formatDay(policy.cancellationDate, locale)}</dd>
        </div>
      ) : (
        <div>
          <dt>{t(policy.autoRenew ? 'facts.renews' : 'facts.ends')}</dt>
          <dd>{formatDay(policy.termEndDate, locale)}</dd>
        </div>
      )}
      <div>
        <dt>{t('facts.baseRate')}</dt>
        <dd>{t('facts.perMonth', { amount: formatCents(policy.baseRateCents, locale) })}</dd>
      </div>
      <div className="policy-facts__wide">
        <dt>{t('facts.cars')}</dt>
        <dd>
          <ul className="policy-facts__cars">
            {policy.vehicles.map((v, i) => (
              <li key={i}>
                {vehicleName(v)}: <strong>{t('facts.perMile', { rate: formatMills(v.perMileRateMills, locale) })}</strong>
              </li>
            ))}
          </ul>
        </dd>
      </div>
    </dl>
  );
}
