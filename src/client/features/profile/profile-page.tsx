import { useTranslation } from 'react-i18next';
import { PaymentMethodPanel } from '../../components/payment/payment-method-panel';

export default function ProfilePage() {
  const { t } = useTranslation('profile');
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
      <PaymentMethodPanel />
    </section>
  );
}
