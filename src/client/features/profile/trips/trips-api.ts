import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { CarTrips, TripFlag, TripView } from '../../../../shared/miles/miles-model';

export type { CarTrips, TripFlag, TripView };

/** Each car's trips that started from..to (the state's days), oldest first. */
export const fetchTrips = (policyId: string, from: string, to: string) =>
  callApi('miles', 'trips', () => api<CarTrips[]>(`/policies/${policyId}/miles/trips?from=${from}&to=${to}`));

/** Flags a trip (issue 27): a dispute of its day, without it, for staff to review. */
export const flagTrip = (policyId: string, tripId: string, flag: TripFlag, note: string) =>
  callApi('miles', 'flag', () =>
    api<{ id: string; day: string }>(`/policies/${policyId}/miles/trips/${tripId}/flag`, { method: 'POST', body: { flag, ...(note.trim() && { note }) } }),
  );

/** A car's trips by the day they started. */
export function tripsByDay(car: CarTrips | undefined): Map<string, TripView[]> {
  const byDay = new Map<string, TripView[]>();
  for (const trip of car?.trips ?? []) byDay.set(trip.day, [...(byDay.get(trip.day) ?? []), trip]);
  return byDay;
}
