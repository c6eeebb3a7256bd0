import { useId, useState } from 'react';
import { formatCents, formatMills, formatNumber } from '../../../../shared/format/money';
import { monthlyEstimateCents, type QuotePrice } from '../../../../shared/quote/quote-model';
import { MonthlyMaximum } from '../../../components/pricing/monthly-maximum';
import { PriceBreakdown } from '../../../components/pricing/price-breakdown';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';

const SLIDER_MAX = 3000;
const SLIDER_STEP = 50;

/**
 * The instant price: the monthly base rate and the per-mile rate, what a month would cost at
 * the visitor's miles (a slider tries others), and "why this price".
 */
export function PricePanel({ price, miles }: { price: QuotePrice | undefined; miles: number | undefined }) {
  const { t } = useTranslation('quote');
  const { locale } = useLocale();
  const id = useId();
  const [tried, setTried] = useState<number>();
  const [open, setOpen] = useState(false);
  if (!price) {
    return (
      <aside className="price-panel price-panel--pending" aria-labelledby={`${id}-title`}>
        <h2 id={`${id}-title`}>{t('price.heading')}</h2>
        <p className="muted">{t('price.pending')}</p>
      </aside>
    );
  }
  const shownMiles = tried ?? miles ?? 500;
  return (
    <aside className="price-panel" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>{t('price.heading')}</h2>
      <dl className="price-panel__rates">
        <div>
          <dt>{t('price.base')}</dt>
          <dd data-testid="base-rate">{formatCents(price.baseRateCents, locale)}</dd>
        </div>
        <div>
          <dt>{t('price.perMile')}</dt>
          <dd data-testid="per-mile-rate">{formatMills(price.perMileRateMills, locale)}</dd>
        </div>
      </dl>
      <p className="price-panel__estimate" aria-live="polite">
        {t('price.estimate', { amount: formatCents(monthlyEstimateCents(price, shownMiles), locale), miles: formatNumber(shownMiles, locale) })}
      </p>
      <label htmlFor={`${id}-miles`} className="price-panel__slider-label">
        {t('price.slider')}
      </label>
      <input
        id={`${id}-miles`}
        className="price-panel__slider"
        type="range"
        min={0}
        max={SLIDER_MAX}
        step={SLIDER_STEP}
        value={Math.min(shownMiles, SLIDER_MAX)}
        aria-valuetext={t('price.sliderValue', { miles: formatNumber(shownMiles, locale) })}
        onChange={(event) => setTried(Number(event.target.value))}
      />
      <p className="muted">{t('price.cap', { cap: price.dailyCapMiles })}</p>
      <MonthlyMaximum baseRateCents={price.baseRateCents} perMileRatesMills={[price.perMileRateMills]} />
      <button type="button" className="button button--text" aria-expanded={open} aria-controls={`${id}-why`} onClick={() => setOpen((value) => !value)}>
        {t('price.why')}
      </button>
      <div id={`${id}-why`} hidden={!open}>
        {open && <PriceBreakdown price={price} />}
      </div>
    </aside>
  );
}
