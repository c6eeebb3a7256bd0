import { useEffect } from 'react';

const EVENT = 'meterly:policies-changed';

/** Tells every list of the customer's policies on the page that one changed (a policy change confirmed): they load it again. */
export function announcePoliciesChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Runs `reload` whenever a policy on the page changed elsewhere on it. */
export function usePoliciesChanged(reload: () => void): void {
  useEffect(() => {
    window.addEventListener(EVENT, reload);
    return () => window.removeEventListener(EVENT, reload);
  }, [reload]);
}
