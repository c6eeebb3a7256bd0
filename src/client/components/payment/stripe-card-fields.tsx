import { CardCvcElement, CardExpiryElement, CardNumberElement, Elements, useElements, useStripe } from '@stripe/react-stripe-js';
import type { Stripe, StripeElementLocale } from '@stripe/stripe-js';
import { loadStripe } from '@stripe/stripe-js/pure';
import { forwardRef, useEffect, useId, useImperativeHandle, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { postalCodeProblem } from '../../../shared/payment/card-number';
import type { CardToken } from '../../../shared/payment/payment-model';
import { TextField } from '../ui/form-fields';
import type { CardEntryHandle, CardEntryProps } from './card-entry-handle';
import { CardSummary } from './card-summary';

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

const ELEMENT_STYLE = { base: { fontSize: '16px', color: '#16142b', '::placeholder': { color: '#4a4863' } }, invalid: { color: '#b3261e' } };

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

  const reset = () => {
    setToken(undefined);
    setStripeError(undefined);
    props.onReset?.();
  };

  useImperativeHandle(ref, () => ({
    async tokenize() {
      if (token) return token;
      const card = elements?.getElement(CardNumberElement);
      if (!stripe || !card) {
        setStripeError(t('errors.unavailable'));
        return null;
      }
      const problem = postalCodeProblem(postalCode);
      setPostalProblem(problem);
      if (problem) return null;
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
    <fieldset className="card-entry" aria-busy={busy || undefined} data-private>
      <legend>{t('legend')}</legend>
      <div className="field">
        <span className="field__label" id={`${ids}-number`}>{t('number.label')}</span>
        <div className="card-entry__element" aria-labelledby={`${ids}-number`}>
          <CardNumberElement options={{ ...options, showIcon: true }} onChange={() => setStripeError(undefined)} />
        </div>
      </div>
      <div className="card-entry__row">
        <div className="field">
          <span className="field__label" id={`${ids}-expiry`}>{t('expiry.label')}</span>
          <div className="card-entry__element" aria-labelledby={`${ids}-expiry`}>
            <CardExpiryElement options={options} />
          </div>
        </div>
        <div className="field">
          <span className="field__label" id={`${ids}-cvc`}>{t('cvc.label')}</span>
          <div className="card-entry__element" aria-labelledby={`${ids}-cvc`}>
            <CardCvcElement options={options} />
          </div>
        </div>
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
        onChange={(event) => setPostalCode(event.target.value.replace(/[^\d-]/g, ''))}
      />
      {busy && <p className="muted" role="status">{t('checking')}</p>}
      {stripeError && <p className="notice notice--error" role="alert">{stripeError}</p>}
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
