import { announcePageEvent, usePageEvent } from '../page-event';

/** Tells every list of the customer's policies on the page that one changed (a policy change confirmed): they load it again. */
export const announcePoliciesChanged = (): void => announcePageEvent('policies-changed');

/** Runs `reload` whenever a policy on the page changed elsewhere on it. */
export const usePoliciesChanged = (reload: () => void): void => usePageEvent('policies-changed', reload);
