import { useTranslation } from '../../i18n/use-translation';
import type { CardToken } from '../../../shared/payment/payment-model';

/** "Visa ending in 4242, expires 12/2030", with a way to enter another card. */
export function CardSummary(props: { card: Pick<CardToken, 'brand' | 'last4' | 'expMonth' | 'expYear'>; onChange?: () => void; disabled?: boolean }) {
  const { t, i18n } = useTranslation('payment');
  const { card } = props;
  // Stripe names a few more networks than we translate (cartes_bancaires, eftpos_au…): "Card" then.
  const brandKey = `brands.${card.brand}`;
  const brand = t(i18n.exists(brandKey, { ns: 'payment' }) ? brandKey : 'brands.unknown');
  return (
    <div className="card-summary" role="status">
      <p className="card-summary__text">{t('summary', { brand, last4: card.last4, month: String(card.expMonth).padStart(2, '0'), year: card.expYear })}</p>
      {props.onChange && (
        <button type="button" className="button button--text" onClick={props.onChange} disabled={props.disabled}>
          {t('change')}
        </button>
      )}
    </div>
  );
}
