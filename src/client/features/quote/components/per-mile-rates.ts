import { formatMills } from '../../../../shared/format/money';
import type { PolicyPrice } from '../../../../shared/quote/quote-model';

/** "6.1¢", or "5.2–6.8¢" when the cars' per-mile rates differ. */
export function perMileRange(price: PolicyPrice, locale: string): string {
  const rates = price.vehicles.map((v) => v.perMileRateMills);
  const [low, high] = [Math.min(...rates), Math.max(...rates)];
  return low === high ? formatMills(low, locale) : `${formatMills(low, locale).replace('¢', '')}–${formatMills(high, locale)}`;
}
