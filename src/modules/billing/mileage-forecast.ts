import { daysInclusive } from '../../shared/dates/iso-day';

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

/** The days of a stretch up to `through` (the last day whose miles are in), both counted. */
const daysGone = (stretch: { from: string; to: string }, through: string) =>
  stretch.from > through ? 0 : daysInclusive(stretch.from, stretch.to < through ? stretch.to : through);

/** The cars of a period's stretches by their number on the policy, each in the order it first appears. */
export const carNumbersOf = (stretches: { vehicles: { vehicleIndex: number }[] }[]) => [
  ...new Set(stretches.flatMap((s) => s.vehicles.map((v) => v.vehicleIndex))),
];

/** A car's billable miles in a stretch (by its number), if the stretch insures it. */
export const stretchMilesOf = (stretch: { vehicles: { vehicleIndex: number }[]; billableMiles: number[] }, vehicleIndex: number) => {
  const place = stretch.vehicles.findIndex((v) => v.vehicleIndex === vehicleIndex);
  return place < 0 ? undefined : stretch.billableMiles[place];
};

/**
 * Each stretch's miles per car at the end of a period cut by policy changes: the miles so far,
 * plus each car's forecast (`forecastCarMiles`, over the days it is insured in the period) for
 * the days still to come, spread evenly over them, so the rest of the period is priced at the
 * rates of the stretches those days fall in. A car is known by its number on the policy, so a
 * car removed or replaced never lends its pace to another. A car not insured yet (a change from
 * a later day) is forecast from the stated miles. A car's stretch with days to come is forecast in
 * whole miles (to the nearest, never below the miles so far), as the profile shows the forecast, so
 * its dollars are its shown miles at the rate (issue 26: "$129.99" from miles shown as 1,235 that
 * came to $130.03). A stretch already over keeps its billable miles as they are, to the hundredth.
 */
export function forecastStretchMiles(input: {
  stretches: { from: string; to: string; vehicles: { vehicleIndex: number }[]; billableMiles: number[] }[];
  through: string;
  monthDays: number;
  statedMilesPerMonth: number | null;
}): number[][] {
  const { stretches, through, monthDays, statedMilesPerMonth } = input;
  function carPerDay(car: number): number {
    const own = stretches.filter((s) => stretchMilesOf(s, car) !== undefined);
    const milesSoFar = own.reduce((sum, s) => sum + stretchMilesOf(s, car)!, 0);
    const daysElapsed = own.reduce((sum, s) => sum + daysGone(s, through), 0);
    const days = own.reduce((sum, s) => sum + daysInclusive(s.from, s.to), 0);
    if (days <= daysElapsed) return 0;
    const total =
      daysElapsed === 0
        ? milesSoFar + ((statedMilesPerMonth ?? 0) * days) / monthDays
        : forecastCarMiles({ milesSoFar, daysElapsed, days, monthDays, statedMilesPerMonth });
    return (total - milesSoFar) / (days - daysElapsed);
  }
  const perDay = new Map(carNumbersOf(stretches).map((car) => [car, carPerDay(car)] as const));
  return stretches.map((s) => {
    const toCome = daysInclusive(s.from, s.to) - daysGone(s, through);
    return s.billableMiles.map((miles, place) =>
      toCome > 0 ? Math.max(Math.round(miles + perDay.get(s.vehicles[place].vehicleIndex)! * toCome), Math.ceil(miles)) : miles,
    );
  });
}
