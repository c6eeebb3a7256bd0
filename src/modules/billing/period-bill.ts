import { billingPeriod } from '../../shared/billing/billing-periods';
import { carNumbersOf, forecastStretchMiles, stretchMilesOf } from './mileage-forecast';
import { baseRateLine, periodLines, totalOf, type PeriodLinesInput, type StatementLine } from './statement-lines';

/** A period while it runs, priced as the statement closing it will price it. */
export interface PeriodBill {
  /**
   * The base rate paid ahead for the period, then the lines its statement will bill for it with
   * the miles so far: each stretch's miles at its cars' rates, each change's base rate difference,
   * a cancellation's credit. Every cent of the bill so far is a line.
   */
  lines: StatementLine[];
  billSoFarCents: number;
  /** Billable miles so far per car (by its number on the policy, in the order cars first appear), over every stretch. */
  milesSoFar: number[];
  /** At the pace the forecast expects (whole miles for the days to come), priced the same way, stretch by stretch: the dollars are the miles as shown. */
  forecastMiles: number;
  forecastCents: number;
}

/**
 * The bill so far and the forecast of a running period, from the statement's own pricing
 * (`periodLines`), so each equals to the cent what its statement will bill for the period if
 * no more miles come (the bill so far) or if they come at the forecast's pace: the base rate
 * paid ahead plus the period's lines. The statement's other lines belong elsewhere: the next
 * period's base rate is paid ahead for that period, a corrected day for the period it was in.
 */
export function periodBill(
  input: PeriodLinesInput & { stretches: NonNullable<PeriodLinesInput['stretches']>; milesThrough: string; statedMilesPerMonth: number | null },
): PeriodBill {
  const period = billingPeriod(input.schedule, input.index);
  const paid = baseRateLine(period, input.paidBaseRateCents ?? input.baseRateCents);
  const { stretches } = input;
  const own = periodLines(input);
  const lines = [paid, ...own.miles, ...own.base];
  const forecast = forecastStretchMiles({
    stretches,
    through: input.milesThrough,
    monthDays: period.monthDays,
    statedMilesPerMonth: input.statedMilesPerMonth,
  });
  const ahead = periodLines({ ...input, stretches: stretches.map((stretch, i) => ({ ...stretch, billableMiles: forecast[i] })) });
  const milesSoFar = carNumbersOf(stretches).map((car) => round2(stretches.reduce((sum, s) => sum + (stretchMilesOf(s, car) ?? 0), 0)));
  return {
    lines,
    billSoFarCents: totalOf(lines),
    milesSoFar,
    forecastMiles: round2(forecast.flat().reduce((a, b) => a + b, 0)),
    forecastCents: paid.amountCents + totalOf(ahead.miles) + totalOf(ahead.base),
  };
}

const round2 = (value: number) => Math.round(value * 100) / 100;
