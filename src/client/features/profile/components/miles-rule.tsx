import { DAILY_CAP_MILES } from '../../../../shared/miles/billable-miles';
import { useTranslation } from '../../../i18n/use-translation';

/** The rule's lines, in the order the server applies them (src/modules/miles/daily-miles.ts). */
export const MILES_RULE_LINES = ['trips', 'odometer', 'none', 'cap', 'dispute'] as const;

/**
 * How a day's miles are counted, written where the days are shown (issue 27: "the rule for a day
 * without data is written on the site"): trips first, then the odometer spread over the days
 * between two readings, else 0 — never an estimate — and no day billed over the cap. Closed by
 * default: the days' table names each day's source; the rule says what each source means.
 */
export function MilesRule() {
  const { t } = useTranslation('profile');
  return (
    <details className="miles-rule">
      <summary>{t('billing.rule.title')}</summary>
      <ol>
        {MILES_RULE_LINES.map((line) => (
          <li key={line}>{t(`billing.rule.${line}`, { cap: DAILY_CAP_MILES })}</li>
        ))}
      </ol>
    </details>
  );
}
