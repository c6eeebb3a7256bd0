import { request } from '../../../lib/api/request';
import { createLogger } from '../../../lib/telemetry/logger';

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
}

export interface MilesReview {
  flaggedReadings: FlaggedReading[];
  openDisputes: OpenDispute[];
}

export type Decision = { decision: 'accepted'; miles: number; note?: string } | { decision: 'rejected'; note?: string };

/** What a failed call tells the page: its status (0 without an answer) and code. */
export interface ReviewFailure {
  status: number;
  code?: string;
}

export type ReviewResult<T> = { ok: true; value: T } | { ok: false; failure: ReviewFailure };

async function call<T>(what: string, run: () => Promise<{ payload: T }>): Promise<ReviewResult<T>> {
  try {
    return { ok: true, value: (await run()).payload };
  } catch (error) {
    const failure: ReviewFailure = error instanceof Response ? { status: error.status, code: (await error.json().catch(() => undefined))?.error?.code } : { status: 0 };
    createLogger('miles-review').warn(`${what} failed`, { status: failure.status, code: failure.code });
    return { ok: false, failure };
  }
}

export function fetchMilesReview() {
  return call('review', () => request<{ payload: MilesReview }>('/agent/miles/review'));
}

export function decideDispute(id: string, decision: Decision) {
  return call('decision', () => request<{ payload: { status: string } }>(`/agent/miles/disputes/${encodeURIComponent(id)}/decision`, { method: 'POST', body: decision }));
}

/** Plain links: the browser opens the stored image itself. */
export const disputePhotoUrl = (id: string) => `/api/agent/miles/disputes/${encodeURIComponent(id)}/photo`;
export const readingPhotoUrl = (id: string) => `/api/agent/miles/readings/${encodeURIComponent(id)}/photo`;
