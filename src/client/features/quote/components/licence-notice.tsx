import { useTranslation } from '../../../i18n/use-translation';
import type { LicenceRefusal } from '../api/quote-api';

/**
 * Tells an agent acting for a customer that they may not sell in the quote's state, and where
 * they may (issue 15): the state names in the page's language, the licensed ones listed as a
 * sentence ("Arizona, Oregon and Texas").
 */
export function LicenceNotice({ refusal }: { refusal: LicenceRefusal }) {
  const { t, i18n } = useTranslation('quote');
  const name = (state: string) => t(`states.${state}`, { ns: 'pricing', defaultValue: state });
  const held = refusal.licensedStates.map(name).sort((a, b) => a.localeCompare(b, i18n.language));
  return (
    <p className="notice notice--error" role="alert" data-testid="licence-notice">
      {t('notLicensed.body', { state: name(refusal.state) })}{' '}
      {held.length ? t('notLicensed.held', { states: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(held) }) : t('notLicensed.none')}
    </p>
  );
}
