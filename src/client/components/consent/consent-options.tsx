import { useTranslation } from '../../i18n/use-translation';
import type { ConsentChoices } from '../../../shared/consent';
import type { ReactNode } from 'react';

interface ToggleProps {
  id: string;
  name: string;
  description: string;
  checked: boolean;
  disabled?: boolean;
  onChange?: (checked: boolean) => void;
}

function ConsentToggle({ id, name, description, checked, disabled, onChange }: ToggleProps) {
  return (
    <li className="consent-toggle">
      <input
        id={id}
        type="checkbox"
        role="switch"
        className="consent-toggle__switch"
        checked={checked}
        disabled={disabled}
        aria-describedby={`${id}-text`}
        onChange={(event) => onChange?.(event.target.checked)}
      />
      <label htmlFor={id} className="consent-toggle__name">
        {breakAfterSlashes(name)}
      </label>
      <p id={`${id}-text`} className="consent-toggle__text">
        {description}
      </p>
    </li>
  );
}

/**
 * "Targeting/advertising" is one word to the browser: a line may break after its slash (<wbr>,
 * which leaves the label's text and name as they are), so at 320 px it wraps there.
 */
function breakAfterSlashes(name: string): ReactNode[] {
  return name.split('/').flatMap((part, index) => (index === 0 ? [part] : ['/', <wbr key={index} />, part]));
}

/**
 * The settings panel of spec §2: Essential (always on, not editable), Performance and
 * Targeting/advertising, and Confirm. The banner's Options view and the cookies page use it.
 */
export function ConsentOptions({
  idPrefix,
  value,
  onChange,
  onConfirm,
}: {
  idPrefix: string;
  value: ConsentChoices;
  onChange: (value: ConsentChoices) => void;
  onConfirm: () => void;
}) {
  const { t } = useTranslation();
  return (
    <form
      className="consent-options"
      onSubmit={(event) => {
        event.preventDefault();
        onConfirm();
      }}
    >
      <ul className="consent-toggles">
        <ConsentToggle id={`${idPrefix}-essential`} name={t('consent.essential')} description={t('consent.essentialText')} checked disabled />
        <ConsentToggle
          id={`${idPrefix}-performance`}
          name={t('consent.performance')}
          description={t('consent.performanceText')}
          checked={value.tracking}
          onChange={(tracking) => onChange({ ...value, tracking })}
        />
        <ConsentToggle
          id={`${idPrefix}-advertising`}
          name={t('consent.advertising')}
          description={t('consent.advertisingText')}
          checked={value.advertising}
          onChange={(advertising) => onChange({ ...value, advertising })}
        />
      </ul>
      <button type="submit" className="button button--fill">
        {t('consent.confirm')}
      </button>
    </form>
  );
}
