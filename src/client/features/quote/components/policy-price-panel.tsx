import { useId, useState } from 'react';
import { formatCents, formatMills } from '../../../../shared/format/money';
import { type PolicyPrice, vehicleName } from '../../../../shared/quote/quote-model';
import { MonthlyMaximum } from '../../../components/pricing/monthly-maximum';
import { PriceBreakdown } from '../../../components/pricing/price-breakdown';
import { useLocale } from '../../../i18n/use-locale';
import { useTranslation } from '../../../i18n/use-translation';

/** The policy's price: the month's base rate for all cars, each car's per-mile rate, and why. */
export function PolicyPricePanel({ price, busy }: { price: PolicyPrice; busy?: boolean }) {
  const { t } = useTranslation('quote');
  const { locale } = useLocale();
  const id = useId();
  const [open, setOpen] = useState(false);
  return (
    <aside className="price-panel" aria-labelledby={`${id}-title`} aria-busy={busy || undefined}>
      <h2 id={`${id}-title`}>{t('price.heading')}</h2>
      <dl className="price-panel__rates">
        <div>
          <dt>{t('price.base')}</dt>
          <dd data-testid="policy-base-rate">{formatCents(price.baseRateCents, locale)}</dd>
        </div>
      </dl>
      <ul className="price-panel__cars">
        {price.vehicles.map((v, i) => (
          <li key={i}>
            {t('price.car', { car: vehicleName(v.vehicle) })}: <strong>{formatMills(v.perMileRateMills, locale)}</strong> {t('price.aMile')}
          </li>
        ))}
      </ul>
      <p className="muted">{t('price.cap', { cap: price.dailyCapMiles })}</p>
      <MonthlyMaximum baseRateCents={price.baseRateCents} perMileRatesMills={price.vehicles.map((v) => v.perMileRateMills)} />
      <button type="button" className="button button--text" aria-expanded={open} aria-controls={`${id}-why`} onClick={() => setOpen((v) => !v)}>
        {t('price.why')}
      </button>
      <div id={`${id}-why`} hidden={!open}>
        {open &&
          price.vehicles.map((v, i) => (
            <div key={i} className="price-panel__why">
              {price.vehicles.length > 1 && <h3>{vehicleName(v.vehicle)}</h3>}
              <PriceBreakdown price={{ ...v, rateVersion: price.rateVersion, state: price.state, dailyCapMiles: price.dailyCapMiles }} />
            </div>
          ))}
      </div>
    </aside>
  );
}
