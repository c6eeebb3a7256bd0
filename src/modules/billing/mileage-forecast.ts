/** Days of miles a period needs before its own pace forecasts it: fewer say more about one trip than about a month. */
export const FORECAST_PACE_DAYS = 7;

/**
 * One car's miles at the end of the period. From a week of miles on, this period's pace; before
 * that, the miles so far plus the quote's stated miles a month for the days left, so a first
 * 300-mile day is not read as a 9,000-mile month, and a forecast never falls below what is driven.
 * Without a stated figure (none was asked), the pace is all there is.
 */
export function forecastCarMiles(input: {
  milesSoFar: number;
  daysElapsed: number;
  days: number;
  monthDays: number;
  statedMilesPerMonth: number | null;
}): number {
  const { milesSoFar, daysElapsed, days } = input;
  if (daysElapsed >= FORECAST_PACE_DAYS || input.statedMilesPerMonth === null) return (milesSoFar * days) / daysElapsed;
  return milesSoFar + (input.statedMilesPerMonth * Math.max(0, days - daysElapsed)) / input.monthDays;
}
