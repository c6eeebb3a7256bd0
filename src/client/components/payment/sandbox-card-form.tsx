import { forwardRef, useEffect, useImperativeHandle, useRef, useState, type ChangeEvent, type InputHTMLAttributes } from 'react';
import {
  cardBrand,
  cardDigits,
  cardNumberProblem,
  cvcProblem,
  expiryProblem,
  formatCardNumber,
  parseExpiry,
  postalCodeProblem,
} from '../../../shared/payment/card-number';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../ui/form-fields';
import { createSandboxToken, type CardField } from './api/payment-api';
import { CardSummary } from './card-summary';
import type { CardToken } from '../../../shared/payment/payment-model';
import type { CardEntryHandle, CardEntryProps } from './card-entry-handle';

type Values = Record<CardField, string>;
type Problems = Partial<Record<CardField, string>>;

const EMPTY: Values = { number: '', expiry: '', cvc: '', postalCode: '' };

/** Each field's input: what the browser's autofill and keyboard need to know of it. */
const INPUTS: Record<CardField, InputHTMLAttributes<HTMLInputElement>> = {
  number: { name: 'cardnumber', autoComplete: 'cc-number', inputMode: 'numeric', autoCorrect: 'off', spellCheck: false, maxLength: 23 },
  expiry: { name: 'cc-exp', autoComplete: 'cc-exp', inputMode: 'numeric', maxLength: 7 },
  cvc: { name: 'cvc', autoComplete: 'cc-csc', inputMode: 'numeric', maxLength: 4 },
  postalCode: { name: 'postal-code', autoComplete: 'billing postal-code', inputMode: 'numeric', maxLength: 10 },
};

function problemsOf(values: Values, now: Date): Problems {
  const problems: Problems = {
    number: cardNumberProblem(values.number),
    expiry: expiryProblem(values.expiry, now),
    cvc: cvcProblem(values.cvc, cardBrand(cardDigits(values.number))),
    postalCode: postalCodeProblem(values.postalCode),
  };
  return Object.fromEntries(Object.entries(problems).filter(([, problem]) => problem));
}

/** "1230" → "12 / 30" as it is typed. */
function formatExpiry(input: string): string {
  const digits = input.replace(/\D/g, '').slice(0, 4);
  return digits.length > 2 ? `${digits.slice(0, 2)} / ${digits.slice(2)}` : digits;
}

const FORMAT: Record<CardField, (value: string) => string> = {
  number: formatCardNumber,
  expiry: formatExpiry,
  cvc: (value) => value.replace(/\D/g, '').slice(0, 4),
  postalCode: (value) => value.replace(/[^\d-]/g, '').slice(0, 10),
};

/**
 * Local mode's card form, standing in for Stripe Elements: labelled fields with the browser's
 * card autofill, each checked as it is left (the Luhn check included) and all of them before the
 * card goes to the sandbox's token endpoint. After that only the summary is kept on screen.
 */
export const SandboxCardForm = forwardRef<CardEntryHandle, CardEntryProps>(function SandboxCardForm(props, ref) {
  const { t } = useTranslation('payment');
  const [values, setValues] = useState<Values>(EMPTY);
  const [shown, setShown] = useState<Problems>({});
  const [token, setToken] = useState<CardToken>();
  const [busy, setBusy] = useState(false);
  const [failed, setFailed] = useState(false);
  // Set when a check fails: the first field in error takes the focus once it can (the page may
  // hold the form disabled while it waits).
  const focusFirstError = useRef(false);
  // Fields stay disabled until the page is interactive: a form submitted before the script runs
  // would send the card to our server in the URL.
  const [interactive, setInteractive] = useState(false);
  const fieldset = useRef<HTMLFieldSetElement>(null);

  useEffect(() => setInteractive(true), []);

  const firstProblemField = () => fieldset.current?.querySelector<HTMLInputElement>('input[aria-invalid="true"]:not(:disabled)');

  useEffect(() => {
    if (!focusFirstError.current) return;
    const field = firstProblemField();
    if (field) {
      field.focus();
      focusFirstError.current = false;
    }
  });

  const message = (field: CardField) => (shown[field] ? t(`errors.${field}.${shown[field]}`) : undefined);

  const change = (field: CardField, raw: string) => {
    const next = { ...values, [field]: FORMAT[field](raw) };
    setValues(next);
    // A message already shown goes away as soon as the field is right.
    if (shown[field] && !problemsOf(next, new Date())[field]) setShown((current) => ({ ...current, [field]: undefined }));
  };

  const leave = (field: CardField) => {
    if (!values[field]) return;
    setShown((current) => ({ ...current, [field]: problemsOf(values, new Date())[field] }));
  };

  /** Every field's problem shown at once; true when there is none (or the card is a token already). */
  const check = (): boolean => {
    if (token) return true;
    const problems = problemsOf(values, new Date());
    setShown(problems);
    setFailed(false);
    return Object.keys(problems).length === 0;
  };

  const reset = () => {
    setToken(undefined);
    setValues(EMPTY);
    setShown({});
    setFailed(false);
    props.onReset?.();
  };

  useImperativeHandle(ref, () => ({
    check,
    focusProblem() {
      const field = firstProblemField();
      if (field) field.focus();
      else focusFirstError.current = true;
    },
    async tokenize() {
      if (!check()) {
        focusFirstError.current = true;
        return null;
      }
      if (token) return token;
      const expiry = parseExpiry(values.expiry)!;
      setBusy(true);
      const result = await createSandboxToken({
        number: cardDigits(values.number),
        expMonth: expiry.expMonth,
        expYear: expiry.expYear,
        cvc: values.cvc,
        postalCode: values.postalCode.trim(),
      });
      setBusy(false);
      if (!result.ok) {
        if (result.failure.kind === 'field') {
          setShown({ [result.failure.field]: result.failure.problem });
          focusFirstError.current = true;
        } else {
          setFailed(true);
        }
        return null;
      }
      // The number and code leave memory with the form: only the token and summary stay.
      setValues(EMPTY);
      setToken(result.value);
      props.onToken?.(result.value);
      return result.value;
    },
    async authenticate() {
      return true;
    },
    reset,
  }));

  if (token) return <CardSummary card={token} onChange={reset} disabled={props.disabled} />;

  const brand = cardBrand(cardDigits(values.number));
  const disabled = !interactive || props.disabled || busy;
  /** What every card field shares: its input, value and message, and the form's handlers. */
  const bind = (field: CardField) => ({
    ...INPUTS[field],
    error: message(field),
    value: values[field],
    disabled,
    onChange: (event: ChangeEvent<HTMLInputElement>) => change(field, event.target.value),
    onBlur: () => leave(field),
  });
  return (
    <fieldset className="card-entry" ref={fieldset} aria-busy={busy || undefined} data-private>
      <legend>{t('legend')}</legend>
      <p className="card-entry__note">{t('sandbox')}</p>
      <TextField
        label={t('number.label')}
        hint={values.number && brand !== 'unknown' ? t('brandDetected', { brand: t(`brands.${brand}`) }) : t('number.hint')}
        {...bind('number')}
      />
      <div className="card-entry__row">
        <TextField label={t('expiry.label')} hint={t('expiry.hint')} {...bind('expiry')} />
        <TextField label={t('cvc.label')} hint={t('cvc.hint')} {...bind('cvc')} />
      </div>
      <TextField label={t('postalCode.label')} {...bind('postalCode')} />
      {busy && (
        <p className="muted" role="status">
          {t('checking')}
        </p>
      )}
      {failed && (
        <p className="notice notice--error" role="alert">
          {t('errors.failed')}
        </p>
      )}
      <p className="card-entry__secure muted">{t('secure')}</p>
    </fieldset>
  );
});
