import { billableMiles } from '../../shared/miles/billable-miles';
import type { DayMiles, MilesSource } from '../../shared/miles/miles-model';
import { daysBetween } from '../../shared/dates/calendar-day';
import { spreadOverDays } from '../../shared/dates/state-day';

export type { DayMiles, MilesSource };

export interface TripSpan {
  startedAt: Date;
  endedAt: Date;
  miles: number;
}

export interface OdometerReading {
  readAt: Date;
  reading: number;
}

/** An accepted dispute's miles for a car's day: what staff decided the car drove. */
export interface ResolvedDay {
  day: string;
  miles: number;
}

const round2 = (value: number) => Math.round(value * 100) / 100;

/**
 * Miles per day for one car, from its trips where the app recorded any; for days without trips,
 * the odometer's advance between two readings, less the trips' miles in between, spread over
 * those days by time. A day with neither is 0 miles, never an estimate: nothing is billed for a
 * day the car is not known to have moved. A day staff decided on a dispute (`resolved`) is the
 * miles they accepted, whatever the trips and readings say; the odometer's spread over the
 * other days does not change for it (the readings still say what they said).
 */
export function dailyMiles(input: { from: string; to: string; timeZone: string; trips: TripSpan[]; readings: OdometerReading[]; resolved?: ResolvedDay[] }): DayMiles[] {
  const { timeZone } = input;
  const tripMiles = new Map<string, number>();
  for (const trip of input.trips) {
    for (const [day, miles] of spreadOverDays(trip.startedAt, trip.endedAt, trip.miles, timeZone)) tripMiles.set(day, (tripMiles.get(day) ?? 0) + miles);
  }

  const odometerMiles = new Map<string, number>();
  const readings = [...input.readings].sort((a, b) => a.readAt.getTime() - b.readAt.getTime());
  for (let i = 1; i < readings.length; i++) {
    const [earlier, later] = [readings[i - 1], readings[i]];
    const span = spreadOverDays(earlier.readAt, later.readAt, 1, timeZone);
    const tripDays = [...span.keys()].filter((day) => tripMiles.has(day));
    const tripped = input.trips
      .filter((t) => t.startedAt >= earlier.readAt && t.endedAt <= later.readAt)
      .reduce((sum, t) => sum + t.miles, 0);
    const rest = Math.max(0, later.reading - earlier.reading - tripped);
    // The rest goes to the days without trips, in proportion to the time each had.
    const shares = [...span].filter(([day]) => !tripDays.includes(day));
    const weight = shares.reduce((sum, [, share]) => sum + share, 0);
    for (const [day, share] of shares) odometerMiles.set(day, (odometerMiles.get(day) ?? 0) + (weight > 0 ? (rest * share) / weight : 0));
  }

  const resolved = new Map((input.resolved ?? []).map((r) => [r.day, r.miles]));
  return daysBetween(input.from, input.to).map((date) => {
    const source: MilesSource = resolved.has(date) ? 'dispute' : tripMiles.has(date) ? 'trips' : odometerMiles.has(date) ? 'odometer' : 'none';
    const miles = round2(resolved.get(date) ?? tripMiles.get(date) ?? odometerMiles.get(date) ?? 0);
    return { date, miles, billableMiles: round2(billableMiles(miles)), source };
  });
}

/** The days a set of trips touches (for a check of more than 1,000 miles in a day). */
export function milesByDay(trips: TripSpan[], timeZone: string): Map<string, number> {
  const byDay = new Map<string, number>();
  for (const trip of trips) {
    for (const [day, miles] of spreadOverDays(trip.startedAt, trip.endedAt, trip.miles, timeZone)) byDay.set(day, (byDay.get(day) ?? 0) + miles);
  }
  return byDay;
}

