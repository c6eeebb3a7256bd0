import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { forwardRef, useEffect, useId, useImperativeHandle, useRef, useState, type ReactNode } from 'react';
import { postalCodeProblem } from '../../../shared/payment/card-number';
import { useTranslation } from '../../i18n/use-translation';
import { TextField } from '../ui/form-fields';
import { CardSummary } from './card-summary';
import type { CardToken } from '../../../shared/payment/payment-model';
import type { CardEntryHandle, CardEntryProps } from './card-entry-handle';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';

// One Stripe.js per page load and publishable key, fetched from js.stripe.com only now that a
// card is asked for (this module is itself loaded only in Stripe mode, by CardEntry).
// Null when it could not be loaded (offline, blocked): forgotten then, so a new CardEntry tries again.
const loaded = new Map<string, Promise<Stripe | null>>();
function stripeFor(publishableKey: string): Promise<Stripe | null> {
  let stripe = loaded.get(publishableKey);
  if (!stripe) {
    stripe = loadStripe(publishableKey).catch(() => {
      loaded.delete(publishableKey);
      console.warn('[payment] Stripe.js could not be loaded');
      return null;
    });
    loaded.set(publishableKey, stripe);
  }
  return stripe;
}

type ElementField = 'number' | 'expiry' | 'cvc';
const ELEMENT_FIELDS: readonly ElementField[] = ['number', 'expiry', 'cvc'];
/** What Stripe's change events last said of a field; a field never typed in is empty. */
interface ElementState {
  empty: boolean;
  complete: boolean;
  error?: string;
}
const UNTOUCHED: ElementState = { empty: true, complete: false };
// Our words for a field that is not finished and has no error of Stripe's yet (the sandbox's own).
const INCOMPLETE: Record<ElementField, string> = { number: 'length', expiry: 'format', cvc: 'format' };

const ELEMENT_STYLE = { base: { fontSize: '16px', color: '#16142b', '::placeholder': { color: '#4a4863' } }, invalid: { color: '#b3261e' } };

/**
 * One of Stripe's fields, labelled by our words, with our message below it when it is wrong.
 * `data-invalid` marks it for the page's "first field in error" (its input is Stripe's frame).
 */
function ElementFrame({ id, label, error, children }: { id: string; label: string; error?: string; children: ReactNode }) {
  return (
    <div className="field">
      <span className="field__label" id={id}>
        {label}
      </span>
      <div className="card-entry__element" aria-labelledby={id} data-invalid={error ? 'true' : undefined}>
        {children}
      </div>
      {error && <p className="field__error">{error}</p>}
    </div>
  );
}

/** Stripe Elements inside the Elements provider: Stripe's frames for the card, ours for the ZIP. */
const StripeFields = forwardRef<CardEntryHandle, CardEntryProps>(function StripeFields(props, ref) {
  const { t } = useTranslation('payment');
  const stripe = useStripe();
  const elements = useElements();
  const ids = useId();
  const [postalCode, setPostalCode] = useState('');
  const [postalProblem, setPostalProblem] = useState<string>();
  const [stripeError, setStripeError] = useState<string>();
  const [token, setToken] = useState<CardToken>();
  const [busy, setBusy] = useState(false);
  const states = useRef<Record<ElementField, ElementState>>({ number: UNTOUCHED, expiry: UNTOUCHED, cvc: UNTOUCHED });
  const [shown, setShown] = useState<Partial<Record<ElementField, string>>>({});
  const fieldset = useRef<HTMLFieldSetElement>(null);

  const reset = () => {
    setToken(undefined);
    setStripeError(undefined);
    setShown({});
    states.current = { number: UNTOUCHED, expiry: UNTOUCHED, cvc: UNTOUCHED };
    props.onReset?.();
  };

  const problemOf = (field: ElementField): string | undefined => {
    const state = states.current[field];
    if (state.complete) return undefined;
    if (state.empty) return t(`errors.${field}.required`);
    return state.error ?? t(`errors.${field}.${INCOMPLETE[field]}`);
  };

  /** Stripe's change event: a message already shown follows the field (gone once it is right). */
  const changed = (field: ElementField, event: { empty: boolean; complete: boolean; error?: { message?: string } }) => {
    states.current[field] = { empty: event.empty, complete: event.complete, error: event.error?.message };
    if (field === 'number') setStripeError(undefined);
    setShown((current) => (current[field] ? { ...current, [field]: problemOf(field) } : current));
  };

  const elementOf = (field: ElementField) => {
    if (field === 'number') return elements?.getElement(CardNumberElement);
    return field === 'expiry' ? elements?.getElement(CardExpiryElement) : elements?.getElement(CardCvcElement);
  };

  /** Every field's problem at once, the card's and the ZIP's; true when there is none. */
  const check = (): boolean => {
    if (token) return true;
    if (!stripe || !elements) {
      setStripeError(t('errors.unavailable'));
      return false;
    }
    const problems: Partial<Record<ElementField, string>> = {};
    for (const field of ELEMENT_FIELDS) {
      const problem = problemOf(field);
      if (problem) problems[field] = problem;
    }
    const postal = postalCodeProblem(postalCode);
    setShown(problems);
    setPostalProblem(postal);
    return Object.keys(problems).length === 0 && !postal;
  };

  // Read from what the fields said, not from the screen: it may not show the check's messages yet.
  const focusProblem = () => {
    const field = ELEMENT_FIELDS.find((f) => problemOf(f));
    if (field) elementOf(field)?.focus();
    else fieldset.current?.querySelector<HTMLInputElement>('input[name="postal-code"]')?.focus();
  };

  useImperativeHandle(ref, () => ({
    check,
    focusProblem,
    async tokenize() {
      if (!check()) {
        focusProblem();
        return null;
      }
      if (token) return token;
      const card = elements?.getElement(CardNumberElement);
      if (!stripe || !card) {
        setStripeError(t('errors.unavailable'));
        return null;
      }
      setBusy(true);
      const result = await stripe.createPaymentMethod({ type: 'card', card, billing_details: { address: { postal_code: postalCode.trim(), country: 'US' } } });
      setBusy(false);
      // Stripe's own message, already in the page's language (Elements' locale).
      if (result.error || !result.paymentMethod.card) {
        setStripeError(result.error?.message ?? t('errors.failed'));
        return null;
      }
      const { id, card: details } = result.paymentMethod;
      const made = { token: id, brand: details.brand, last4: details.last4, expMonth: details.exp_month, expYear: details.exp_year };
      setStripeError(undefined);
      setToken(made);
      props.onToken?.(made);
      return made;
    },
    async authenticate(clientSecret: string) {
      if (!stripe) return false;
      const result = await stripe.handleNextAction({ clientSecret });
      if (result.error) setStripeError(result.error.message ?? t('errors.authentication'));
      return !result.error;
    },
    reset,
  }));

  if (token) return <CardSummary card={token} onChange={reset} disabled={props.disabled} />;
  const options = { style: ELEMENT_STYLE, disabled: props.disabled || busy };
  return (
    <fieldset className="card-entry" ref={fieldset} aria-busy={busy || undefined} data-private>
      <legend>{t('legend')}</legend>
      <ElementFrame id={`${ids}-number`} label={t('number.label')} error={shown.number}>
        <CardNumberElement options={{ ...options, showIcon: true }} onChange={(event) => changed('number', event)} />
      </ElementFrame>
      <div className="card-entry__row">
        <ElementFrame id={`${ids}-expiry`} label={t('expiry.label')} error={shown.expiry}>
          <CardExpiryElement options={options} onChange={(event) => changed('expiry', event)} />
        </ElementFrame>
        <ElementFrame id={`${ids}-cvc`} label={t('cvc.label')} error={shown.cvc}>
          <CardCvcElement options={options} onChange={(event) => changed('cvc', event)} />
        </ElementFrame>
      </div>
      <TextField
        label={t('postalCode.label')}
        error={postalProblem ? t(`errors.postalCode.${postalProblem}`) : undefined}
        name="postal-code"
        autoComplete="billing postal-code"
        inputMode="numeric"
        maxLength={10}
        value={postalCode}
        disabled={props.disabled || busy}
        onChange={(event) => {
          const next = event.target.value.replace(/[^\d-]/g, '');
          setPostalCode(next);
          if (postalProblem && !postalCodeProblem(next)) setPostalProblem(undefined);
        }}
      />
      {busy && (
        <p className="muted" role="status">
          {t('checking')}
        </p>
      )}
      {stripeError && (
        <p className="notice notice--error" role="alert">
          {stripeError}
        </p>
      )}
      <p className="card-entry__secure muted">{t('secure')}</p>
    </fieldset>
  );
});

/** Stripe mode's CardEntry: Elements with Stripe.js for this publishable key and the page's language. */
const StripeCardFields = forwardRef<CardEntryHandle, CardEntryProps & { publishableKey: string }>(function StripeCardFields({ publishableKey, ...props }, ref) {
  const { t, i18n } = useTranslation('payment');
  const locale: StripeElementLocale = i18n.language === 'es' ? 'es' : 'en';
  const [stripe] = useState(() => stripeFor(publishableKey));
  const [unavailable, setUnavailable] = useState(false);
  useEffect(() => {
    let current = true;
    void stripe.then((loadedStripe) => current && !loadedStripe && setUnavailable(true));
    return () => {
      current = false;
    };
  }, [stripe]);
  if (unavailable) {
    return (
      <p className="notice notice--error" role="alert">
        {t('errors.unavailable')}
      </p>
    );
  }
  return (
    <Elements stripe={stripe} options={{ locale }}>
      <StripeFields ref={ref} {...props} />
    </Elements>
  );
});

export default StripeCardFields;
