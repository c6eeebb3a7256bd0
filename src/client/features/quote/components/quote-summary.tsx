import { formatCents, formatMills } from '../../../../shared/format/money';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import type { QuoteView } from '../../../../shared/quote/quote-model';

/**
 * "Quote MQ-7K3M9P2X · $44.46 a month + 5.6¢ a mile": where the customer stands. `sticky`: it
 * stays at the top of a narrow screen, for a page whose changes move the price (coverage).
 */
export function QuoteSummary({ quote, sticky = false, busy = false }: { quote: QuoteView; sticky?: boolean; busy?: boolean }) {
  const { t } = useTranslation('quote');
  const { locale } = useLocale();
  const policy = quote.policyPrice;
  const price = policy ?? quote.price;
  if (!price) return null;
  const perMile = policy ? Math.min(...policy.vehicles.map((v) => v.perMileRateMills)) : quote.price!.perMileRateMills;
  const varies = policy ? new Set(policy.vehicles.map((v) => v.perMileRateMills)).size > 1 : false;
  return (
    <p className={sticky ? 'quote-summary quote-summary--sticky' : 'quote-summary'} aria-busy={busy || undefined}>
      <span>{t('summary.reference', { reference: quote.reference })}</span>
      <strong data-testid="summary-price">
        {t(varies ? 'summary.priceFrom' : 'summary.price', { base: formatCents(price.baseRateCents, locale), perMile: formatMills(perMile, locale) })}
      </strong>
    </p>
  );
}
