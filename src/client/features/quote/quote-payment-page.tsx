import { useRef, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { CardEntry, type CardEntryHandle, type CardToken } from '../../components/payment/card-entry';

/**
 * Payment (issue 7). For now it takes the card and turns it into a token; the purchase adds the
 * start date, the terms and the purchase call that carries the token.
 */
export default function QuotePaymentPage() {
  const { t } = useTranslation('quote-payment');
  const { t: tp } = useTranslation('payment');
  const card = useRef<CardEntryHandle>(null);
  const [token, setToken] = useState<CardToken>();
  const [busy, setBusy] = useState(false);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    await card.current?.tokenize();
    setBusy(false);
  };

  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <form className="payment-check" noValidate onSubmit={(event) => void submit(event)}>
        <CardEntry ref={card} onToken={setToken} onReset={() => setToken(undefined)} disabled={busy} />
        {!token && (
          <button type="submit" className="button button--fill" disabled={busy}>
            {tp('useCard')}
          </button>
        )}
      </form>
    </section>
  );
}
