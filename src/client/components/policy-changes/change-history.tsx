import { formatCents } from '../../../shared/format/money';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useChangeSummary } from './price-review';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';

/**
 * The policy's history: each change booked, from when, and the base rate it left. One whose day
 * has not come yet says so (the policy and its documents read as of today, issue 26); one that
 * will never take effect (cancelled first, or made unnecessary by an earlier change) says that.
 */
export function ChangeHistory({ changes, today }: { changes: PolicyChangeView[]; today: string }) {
  const { t } = useTranslation('policy-changes');
  const { locale } = useLocale();
  const summary = useChangeSummary();
  return (
    <section className="change-history" aria-label={t('history.title')}>
      <h4>{t('history.title')}</h4>
      {changes.length === 0 ? (
        <p className="field__hint">{t('history.none')}</p>
      ) : (
        <ul className="change-history__list">
          {changes.map((change) => (
            <li key={change.id} data-status={change.status}>
              {summary(change)}
              {change.status === 'voided' ? (
                <span className="change-history__mark">{t('history.voided')}</span>
              ) : (
                change.effectiveDate > today && <span className="change-history__mark">{t('history.coming')}</span>
              )}
              <span className="change-history__rate">
                {t('history.rates', { before: formatCents(change.before.baseRateCents, locale), after: formatCents(change.after.baseRateCents, locale) })}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
