import { formatCents, formatInstantDay, formatMills, formatNumber } from '../../../../shared/format/money';
import { STEP_PATHS } from '../../../../shared/quote/purchase-step-paths';
import { vehicleName, type QuoteView } from '../../../../shared/quote/quote-model';
import { useBrowserZone } from '../../../app/use-browser-zone';
import { LocalizedLink } from '../../../components/ui/localized-link';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';
import { useApiQuery } from '../../../lib/api/use-api-query';
import { fetchSavedQuote } from './saved-quote-api';

/** The price so far: the whole policy's once the application is done (per mile only for one car, as each car has its own), else the quote's. */
function quotedPrice(quote: QuoteView): { baseRateCents: number; perMileRateMills?: number; cars: number } | undefined {
  const whole = quote.policyPrice;
  if (whole)
    return {
      baseRateCents: whole.baseRateCents,
      perMileRateMills: whole.vehicles.length === 1 ? whole.vehicles[0].perMileRateMills : undefined,
      cars: whole.vehicles.length,
    };
  return quote.price && { baseRateCents: quote.price.baseRateCents, perMileRateMills: quote.price.perMileRateMills, cars: 1 };
}

/**
 * A quote the customer started and did not buy: what it is for, its price so far, and a link to
 * the step where they stopped. Nothing at all without one (or when it cannot be read: the rest
 * of the profile matters more than this reminder).
 */
export function SavedQuotePanel() {
  const { t } = useTranslation('history');
  const { locale } = useLocale();
  const zone = useBrowserZone();
  const load = useApiQuery(['saved-quote'], fetchSavedQuote);
  const quote = load.state === 'ready' ? load.data : null;
  if (!quote || quote.status !== 'open' || quote.purchaseStep === 'purchased') return null;
  const { vehicle, milesPerMonth } = quote.answers;
  const price = quotedPrice(quote);

  return (
    <section className="profile-section saved-quote card" aria-labelledby="saved-quote-title">
      <h2 id="saved-quote-title">{t('savedQuote.title')}</h2>
      <p>{t('savedQuote.intro')}</p>
      <dl className="saved-quote__facts">
        <div>
          <dt>{t('savedQuote.reference')}</dt>
          <dd>{quote.reference}</dd>
        </div>
        {vehicle?.year && vehicle.make && vehicle.model && (
          <div>
            <dt>{t('savedQuote.vehicle')}</dt>
            <dd>{vehicleName({ year: vehicle.year, make: vehicle.make, model: vehicle.model })}</dd>
          </div>
        )}
        {price && (
          <div>
            <dt>{t('savedQuote.price')}</dt>
            <dd>
              {price.perMileRateMills === undefined
                ? t('savedQuote.priceCars', { base: formatCents(price.baseRateCents, locale), count: price.cars })
                : t('savedQuote.priceValue', { base: formatCents(price.baseRateCents, locale), perMile: formatMills(price.perMileRateMills, locale) })}
            </dd>
          </div>
        )}
        {quote.monthlyEstimateCents !== undefined && milesPerMonth !== undefined && (
          <div>
            <dt>{t('savedQuote.estimate')}</dt>
            <dd>{t('savedQuote.estimateValue', { amount: formatCents(quote.monthlyEstimateCents, locale), miles: formatNumber(milesPerMonth, locale) })}</dd>
          </div>
        )}
        <div>
          <dt>{t('savedQuote.stopped')}</dt>
          <dd>{t(`savedQuote.steps.${quote.purchaseStep}`)}</dd>
        </div>
      </dl>
      <p className="muted">{t('savedQuote.updated', { date: formatInstantDay(quote.updatedAt, locale, zone) })}</p>
      <LocalizedLink className="button button--fill" to={STEP_PATHS[quote.purchaseStep]}>
        {t('savedQuote.continue')}
      </LocalizedLink>
    </section>
  );
}
