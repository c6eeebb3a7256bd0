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
}

/** An odometer photo, from the app or the web: a JPEG or PNG (by its bytes, on the server) of at most 2 MB. */
export const PHOTO_TYPES = ['image/jpeg', 'image/png'] as const;
export const PHOTO_MAX_BYTES = 2 * 1024 * 1024;
