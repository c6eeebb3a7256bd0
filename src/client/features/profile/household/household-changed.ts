import { announcePageEvent, usePageEvent } from '../../../lib/page-event';

/** Tells the page that the policies shared with the customer changed (one accepted, one left): the shared cards read the list again. */
export const announceHouseholdChanged = (): void => announcePageEvent('household-changed');

/** Runs `reload` whenever the policies shared with the customer changed elsewhere on the page. */
export const useHouseholdChanged = (reload: () => void): void => usePageEvent('household-changed', reload);
