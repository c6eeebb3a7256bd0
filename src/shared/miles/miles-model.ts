/** Where a day's miles came from: the app's trips, odometer readings spread over days, or staff's decision on a dispute. */
export type MilesSource = 'trips' | 'odometer' | 'dispute' | 'none';

/** One car's day (GET /api/policies/:id/miles). */
export interface DayMiles {
  /** YYYY-MM-DD, in the policy's state. */
  date: string;
  miles: number;
  /** What is billed: no day counts more than 250 miles. */
  billableMiles: number;
  source: MilesSource;
}

/**
 * One car's days (GET /api/policies/:id/miles), keyed "policy id:car number". A car a change took
 * off the policy during the range comes with `removed`: its name and its last covered day, its
 * days ending there.
 */
export interface CarDays {
  vehicle: string;
  days: DayMiles[];
  removed?: { year: number; make: string; model: string; until: string };
}

/** Why a customer flags a trip (issue 27): they rode in the car without driving it, or it was not their car. */
export const TRIP_FLAGS = ['passenger', 'not-my-car'] as const;
export type TripFlag = (typeof TRIP_FLAGS)[number];

/** The trip a dispute was made from, when the customer flagged one trip rather than a whole day. */
export interface FlaggedTrip {
  id: string;
  flag: TripFlag;
  startedAt: string;
  endedAt: string;
  miles: number;
}

/** A disputed day as its customer and staff see it (GET /api/policies/:id/miles/disputes). */
export interface DisputeView {
  id: string;
  vehicleIndex: number;
  day: string;
  reason: string;
  claimedMiles: number | null;
  status: 'open' | 'accepted' | 'rejected';
  resolvedMiles: number | null;
  staffNote: string | null;
  hasPhoto: boolean;
  createdAt: string;
  decidedAt: string | null;
  /** The flagged trip, when the dispute came from one. */
  trip: FlaggedTrip | null;
}

/** An odometer photo, from the app or the web: a JPEG or PNG (by its bytes, on the server) of at most 2 MB. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;

/** A trip the app sent, as its customer sees it (GET /api/policies/:id/miles/trips). */
export interface TripView {
  id: string;
  /** YYYY-MM-DD: the day it started, in the policy's state (a trip past midnight counts toward both days' miles). */
  day: string;
  startedAt: string;
  endedAt: string;
  miles: number;
  /** The city names the app sent for where it started and ended, if any. */
  startCity: string | null;
  endCity: string | null;
  /** Whether the trip carries a location (the route summary the app sent, kept under the customer's `keep` choice; issue 27). */
  hasLocation: boolean;
}

/** One car's trips over a range of days, oldest first; `more` when there were more than the answer holds. */
export interface CarTrips {
  vehicle: string;
  /** The policy's state's time zone, in which the times read. */
  timeZone: string;
  trips: TripView[];
  more: boolean;
}

/** At most this many trips per car in one answer. */
export const MAX_TRIPS_LISTED = 1000;
