import { formatCents } from '../../../shared/format/money';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { useChangeSummary } from './price-review';
import type { PolicyChangeView } from '../../../shared/policy/policy-change-model';

/** The policy's history: each change applied, from when, and the base rate it left. */
export function ChangeHistory({ changes }: { changes: PolicyChangeView[] }) {
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
            <li key={change.id}>
              {summary(change)}
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
