import { daysInclusive } from '../dates/iso-day';

/** A billing period as proration needs it: its days, and the month's days its base rate is counted in. */
export interface ProrationPeriod {
  start: string;
  end: string;
  /** The days of a whole month for this period (a bridge to a chosen billing day: the month from its start). */
  monthDays: number;
}

/**
 * The base rate difference of a change for the days of the period from its effective date on:
 * the period's base rate was paid ahead at the old rate, so the statement that closes it bills
 * (or gives back) the difference, a day's worth at a time of the month's days. Rounded once, to
 * the cent, half away from zero, so raising then lowering by the same amount nets to nothing.
 */
export function changeProration(period: ProrationPeriod, effectiveDate: string, beforeCents: number, afterCents: number) {
  const from = effectiveDate < period.start ? period.start : effectiveDate;
  const days = from > period.end ? 0 : daysInclusive(from, period.end);
  const exact = ((afterCents - beforeCents) * days) / period.monthDays;
  const amountCents = Math.sign(exact) * Math.round(Math.abs(exact));
  return { from, to: period.end, days, periodDays: period.monthDays, amountCents: amountCents === 0 ? 0 : amountCents };
}
