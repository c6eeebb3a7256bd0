/**
 * Whether a customer's trips keep where they went (issue 27): `keep` stores the route summary the
 * app sends (start and end cities, a simplified polyline); `miles-only` stores the miles and times
 * alone, whatever the app sends. One choice per customer, for every policy and car of theirs.
 * No choice made yet is `miles-only` (docs/decisions.md, issue 27: precise geolocation is
 * sensitive data, kept only with the customer's yes).
 */
export const LOCATION_CHOICES = ['keep', 'miles-only'] as const;
export type LocationChoice = (typeof LOCATION_CHOICES)[number];
export const DEFAULT_LOCATION_CHOICE: LocationChoice = 'miles-only';

/** GET/PUT /api/account/locations: the choice, when it was made (null: never, the default holds), and how many trips still carry a location. */
export interface LocationChoiceView {
  choice: LocationChoice;
  chosenAt: string | null;
  tripsWithLocation: number;
}

/** DELETE /api/account/locations/kept: how many trips lost their location (0 when none had one left). */
export interface LocationsErased extends LocationChoiceView {
  cleared: number;
}

/** Where the privacy policy lists who receives data (its section's anchor), linked from My account. */
export const THIRD_PARTIES_ANCHOR = 'third-parties';
