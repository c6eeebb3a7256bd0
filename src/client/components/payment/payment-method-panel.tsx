import { useRef, useState, type FormEvent } from 'react';
import { CARD_DECLINE_REASONS, PLAIN_DECLINE, shownDeclineReason } from '../../../shared/payment/decline-reasons';
import { useTranslation } from '../../i18n/use-translation';
import { useApiQuery } from '../../lib/api/use-api-query';
import { QueryStatus } from '../ui/query-status';
import { fetchPaymentMethod, savePaymentMethod, type SaveFailure } from './api/payment-api';
import { CardEntry, type CardEntryHandle } from './card-entry';
import { CardSummary } from './card-summary';

/**
 * The profile's payment method: the card monthly statements are charged to, and "replace card"
 * (CardEntry makes a token, PUT /api/payments/method keeps it; Stripe may ask the bank first).
 */
export function PaymentMethodPanel() {
  const { t } = useTranslation('payment');
  const card = useRef<CardEntryHandle>(null);
  const load = useApiQuery(['payment-method'], fetchPaymentMethod);
  const [editing, setEditing] = useState(false);
  const [saving, setSaving] = useState(false);
  const [failure, setFailure] = useState<SaveFailure>();
  const [saved, setSaved] = useState(false);

  const save = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(undefined);
    setSaving(true);
    const token = await card.current?.tokenize();
    let result = token ? await savePaymentMethod(token.token) : undefined;
    if (token && result?.ok && result.value.status === 'requires_action') {
      const { clientSecret, setupRef } = result.value;
      result = (await card.current?.authenticate(clientSecret, 'setup'))
        ? await savePaymentMethod(token.token, setupRef)
        : { ok: false, failure: { kind: 'declined', reason: PLAIN_DECLINE } };
    }
    setSaving(false);
    if (!result) return;
    if (!result.ok) {
      // Another card is needed: the form opens again (its reset clears any message), then says why.
      card.current?.reset();
      setFailure(result.failure);
      return;
    }
    if (result.value.status !== 'saved') return;
    const { method: saved } = result.value;
    load.setData(() => saved);
    setEditing(false);
    setSaved(true);
  };

  const open = () => {
    setSaved(false);
    setFailure(undefined);
    setEditing(true);
  };

  const method = load.state === 'ready' ? load.data : null;
  return (
    <section className="payment-method" aria-labelledby="payment-method-title">
      <h2 id="payment-method-title">{t('method.title')}</h2>
      <QueryStatus state={load.state} loading={t('method.loading')} failed={t('method.loadFailed')} />
      {load.state === 'ready' && !editing && (
        <>
          {method ? <CardSummary card={method} /> : <p>{t('method.none')}</p>}
          {method && <p className="muted">{t('method.current')}</p>}
          {saved && (
            <p className="notice" role="status">
              {t('method.saved')}
            </p>
          )}
          <button type="button" className="button button--outline" onClick={open}>
            {method ? t('method.replace') : t('method.add')}
          </button>
        </>
      )}
      {editing && (
        <form className="payment-method__form" noValidate onSubmit={(event) => void save(event)}>
          <CardEntry ref={card} disabled={saving} onReset={() => setFailure(undefined)} />
          {failure && (
            <p className="notice notice--error" role="alert">
              {failure.kind === 'declined' ? t(`method.declined.${shownDeclineReason(failure.reason, CARD_DECLINE_REASONS)}`) : t('method.failed')}
            </p>
          )}
          <div className="payment-method__actions">
            <button type="submit" className="button button--fill" disabled={saving}>
              {saving ? t('method.saving') : t('method.save')}
            </button>
            <button type="button" className="button button--text" onClick={() => setEditing(false)} disabled={saving}>
              {t('method.cancel')}
            </button>
          </div>
        </form>
      )}
    </section>
  );
}
