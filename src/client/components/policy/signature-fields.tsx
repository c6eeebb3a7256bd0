import { useId } from 'react';
import { Trans } from 'react-i18next';
import { formatDay } from '../../../shared/format/money';
import { PATHS } from '../../../shared/site-map';
import { useLocale } from '../../i18n/use-locale';
import { useTranslation } from '../../i18n/use-translation';
import { localToday } from '../../lib/dates/local-day';
import { TextField } from '../ui/form-fields';

export interface Signature {
  agree: boolean;
  name: string;
}

export type SignatureProblems = Partial<Record<'agreeToTerms' | 'signatureName', 'required'>>;

/** What the customer must give before signing: the terms agreed and a name typed. */
export function signatureProblems(signature: Signature): SignatureProblems {
  return {
    ...(signature.agree ? {} : { agreeToTerms: 'required' }),
    ...(signature.name.trim() ? {} : { signatureName: 'required' }),
  };
}

/** The problems still there after a change: a message goes as soon as its field is put right. */
export function remainingProblems(shown: SignatureProblems, signature: Signature): SignatureProblems {
  const now = signatureProblems(signature);
  return Object.fromEntries(
    Object.keys(shown)
      .filter((field) => field in now)
      .map((field) => [field, 'required']),
  );
}

/**
 * The customer's agreement to the Terms and Conditions and electronic signature: the full legal
 * name typed, with the signature it makes shown as it is typed so nobody signs without knowing.
 * Used at purchase and when a customer signs what staff bought for them.
 */
export function SignatureFields(props: { value: Signature; onChange: (value: Signature) => void; problems: SignatureProblems; disabled?: boolean }) {
  const { t } = useTranslation('policy');
  const { locale, to } = useLocale();
  const id = useId();
  const { value, problems } = props;
  const agreeError = problems.agreeToTerms ? t('signature.errors.agreeToTerms') : undefined;
  return (
    <fieldset className="signature">
      <legend>{t('signature.legend')}</legend>
      <div className="field">
        <label className="choice__option signature__agree">
          <input
            type="checkbox"
            name="agreeToTerms"
            checked={value.agree}
            disabled={props.disabled}
            aria-invalid={agreeError ? true : undefined}
            aria-describedby={agreeError ? `${id}-agree-error` : undefined}
            onChange={(event) => props.onChange({ ...value, agree: event.target.checked })}
          />
          <span>
            <Trans
              t={t}
              i18nKey="signature.agree"
              components={{
                terms: <a href={to(PATHS['terms-and-conditions'])} target="_blank" rel="noopener" />,
                newTab: <span className="visually-hidden" />,
              }}
            />
          </span>
        </label>
        {agreeError && (
          <p id={`${id}-agree-error`} className="field__error">
            {agreeError}
          </p>
        )}
      </div>
      <TextField
        label={t('signature.name')}
        hint={t('signature.hint')}
        error={problems.signatureName ? t('signature.errors.signatureName') : undefined}
        name="signatureName"
        autoComplete="name"
        maxLength={120}
        value={value.name}
        disabled={props.disabled}
        onChange={(event) => props.onChange({ ...value, name: event.target.value })}
      />
      <p className="signature__preview" aria-live="polite">
        {value.name.trim() ? (
          <>
            <span className="signature__line">{value.name.trim()}</span>
            <span className="muted">{t('signature.preview', { date: formatDay(localToday(), locale) })}</span>
          </>
        ) : (
          <span className="muted">{t('signature.unsigned')}</span>
        )}
      </p>
    </fieldset>
  );
}
