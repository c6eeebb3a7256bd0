import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { CarDays, DayMiles, DisputeView } from '../../../../shared/miles/miles-model';

export type { CarDays, DayMiles, DisputeView };

/** A day disputed from the profile: the car, the day, why, and optionally the true miles and an odometer photo. */
export interface NewDispute {
  vehicleIndex: number;
  day: string;
  reason: string;
  claimedMiles?: number;
  /** A JPEG or PNG, base64 without its data: prefix. */
  photo?: string;
}

const call = <T>(what: string, run: () => Promise<T>) => callApi('miles', what, run);

/** Each car's miles per day, from..to (the state's days). */
export const fetchDailyMiles = (policyId: string, from: string, to: string) =>
  call('daily miles', () => api<CarDays[]>(`/policies/${policyId}/miles?from=${from}&to=${to}`));

/** A reading typed in, with the odometer's photo (base64) when the customer added one. */
export const sendReading = (policyId: string, vehicleIndex: number, reading: number, photo?: string) =>
  call('odometer', () =>
    api<{ reading: number; flag: string | null }>(`/policies/${policyId}/odometer`, {
      method: 'POST',
      body: { vehicleIndex, reading, ...(photo && { photo }) },
    }),
  );

/** An odometer reading as sent (GET /api/policies/:id/odometer), newest first. */
export interface ReadingView {
  id: string;
  /** "<policy id>:<car index>" */
  vehicle: string;
  reading: number;
  readAt: string;
  hasPhoto: boolean;
}

export const fetchReadings = (policyId: string) => call('readings', () => api<ReadingView[]>(`/policies/${policyId}/odometer`));

export const fetchDisputes = (policyId: string) => call('disputes', () => api<DisputeView[]>(`/policies/${policyId}/miles/disputes`));

export const sendDispute = (policyId: string, dispute: NewDispute) =>
  call('dispute', () => api<{ id: string }>(`/policies/${policyId}/miles/disputes`, { method: 'POST', body: dispute }));

/** A plain link: the browser opens the stored image itself. */
export const readingPhotoHref = (policyId: string, readingId: string) => `/api/policies/${policyId}/odometer/${readingId}/photo`;
export const disputePhotoHref = (policyId: string, disputeId: string) => `/api/policies/${policyId}/miles/disputes/${disputeId}/photo`;
