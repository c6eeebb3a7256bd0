import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { LocationChoice, LocationChoiceView, LocationsErased } from '../../../../shared/miles/location-choice';

export type { LocationChoice, LocationChoiceView, LocationsErased };

/** Issue 27: the customer's location choice (docs/mobile-api.md, "Locations"). */
const call = <T>(what: string, run: () => Promise<T>) => callApi('locations', what, run);

export const fetchLocationChoice = () => call('read', () => api<LocationChoiceView>('/account/locations'));

export const saveLocationChoice = (choice: LocationChoice) =>
  call('choose', () => api<LocationChoiceView>('/account/locations', { method: 'PUT', body: { choice } }));

export const eraseKeptLocations = () => call('erase', () => api<LocationsErased>('/account/locations/kept', { method: 'DELETE', body: {} }));

/**
 * Said on the window when the kept locations were erased, so the trips already shown on the
 * page (the miles table's) drop theirs without asking the server again.
 */
export const LOCATIONS_ERASED_EVENT = 'meterly:locations-erased';
