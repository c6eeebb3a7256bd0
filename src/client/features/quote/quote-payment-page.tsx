import { useTranslation } from 'react-i18next';

export default function QuotePaymentPage() {
  const { t } = useTranslation('quote-payment');
  return (
    <section className="page page--narrow" aria-labelledby="page-title">
      <h1 id="page-title">{t('title')}</h1>
      <p className="lead">{t('intro')}</p>
    </section>
  );
}
