import { useTranslation } from '../../../i18n/use-translation';
import type { LicenceRefusal } from '../api/quote-api';

/**
 * Tells an agent acting for a customer that they may not sell in the quote's state, and where
 * they may (issue 15): the state names in the page's language, the licensed ones listed as a
 * sentence ("Arizona, Oregon and Texas"). A customer moving their agent's quote hears the same
 * about their agent (issue 30), at the ZIP step.
 */
export function LicenceNotice({ refusal }: { refusal: LicenceRefusal }) {
  const { t, i18n } = useTranslation('quote');
  const name = (state: string) => t(`states.${state}`, { ns: 'pricing', defaultValue: state });
  const held = refusal.licensedStates.map(name).sort((a, b) => a.localeCompare(b, i18n.language));
  const state = name(refusal.state);
  const keys = refusal.agent === 'of-record' ? 'agentOfRecordNotLicensed' : 'notLicensed';
  return (
    <p className="notice notice--error" role="alert" data-testid="licence-notice">
      {t(`${keys}.body`, { state })}{' '}
      {held.length
        ? t(`${keys}.held`, { state, states: new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(held) })
        : t(`${keys}.none`, { state })}
    </p>
  );
}
