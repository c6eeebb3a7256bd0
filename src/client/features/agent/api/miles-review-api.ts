import { api } from '../../../lib/api/api-client';
import { callApi, type ApiFailure } from '../../../lib/api/api-result';
import type { FlaggedTrip } from '../../../../shared/miles/miles-model';

export type ReviewFailure = ApiFailure;

/** A reading staff should look at (GET /api/agent/miles/review). */
export interface FlaggedReading {
  id: string;
  policyNumber: string;
  customerEmail: string;
  car: string;
  reading: number;
  readAt: string;
  flag: string;
  hasPhoto: boolean;
}

/** An open dispute of a day (GET /api/agent/miles/review). */
export interface OpenDispute {
  id: string;
  policyNumber: string;
  customerEmail: string;
  car: string;
  day: string;
  reason: string;
  claimedMiles: number | null;
  hasPhoto: boolean;
  /** The trip the customer flagged, when the dispute came from one (issue 27). */
  trip: FlaggedTrip | null;
}

export interface MilesReview {
  flaggedReadings: FlaggedReading[];
  openDisputes: OpenDispute[];
}

export type Decision = { decision: 'accepted'; miles: number; note?: string } | { decision: 'rejected'; note?: string };

export function fetchMilesReview() {
  return callApi('miles-review', 'review', () => api<MilesReview>('/agent/miles/review'));
}

export function decideDispute(id: string, decision: Decision) {
  return callApi('miles-review', 'decision', () =>
    api<{ status: string }>(`/agent/miles/disputes/${encodeURIComponent(id)}/decision`, { method: 'POST', body: decision }),
  );
}

/** Plain links: the browser opens the stored image itself. */
export const disputePhotoUrl = (id: string) => `/api/agent/miles/disputes/${encodeURIComponent(id)}/photo`;
export const readingPhotoUrl = (id: string) => `/api/agent/miles/readings/${encodeURIComponent(id)}/photo`;
