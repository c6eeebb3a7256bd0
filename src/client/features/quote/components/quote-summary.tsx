import { useTranslation } from 'react-i18next';
import type { QuoteView } from '../../../../shared/quote/quote-model';
import { useLocale } from '../../../i18n/use-locale';
import { formatCents, formatMills } from '../../../../shared/format/money';

/** "Quote MQ-7K3M9P2X · $44.46 a month + 5.6¢ a mile": where the customer stands. */
export function QuoteSummary({ quote }: { quote: QuoteView }) {
  const { t } = useTranslation('quote');
  const { locale } = useLocale();
  const policy = quote.policyPrice;
  const price = policy ?? quote.price;
  if (!price) return null;
  const perMile = policy ? Math.min(...policy.vehicles.map((v) => v.perMileRateMills)) : quote.price!.perMileRateMills;
  const varies = policy ? new Set(policy.vehicles.map((v) => v.perMileRateMills)).size > 1 : false;
  return (
    <p className="quote-summary">
      <span>{t('summary.reference', { reference: quote.reference })}</span>
      <strong>
        {t(varies ? 'summary.priceFrom' : 'summary.price', { base: formatCents(price.baseRateCents, locale), perMile: formatMills(perMile, locale) })}
      </strong>
    </p>
  );
}
