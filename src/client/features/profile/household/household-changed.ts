import { useEffect } from 'react';

const EVENT = 'meterly:household-changed';

/** Tells the page that the policies shared with the customer changed (one accepted, one left): the shared cards read the list again. */
export function announceHouseholdChanged(): void {
  window.dispatchEvent(new Event(EVENT));
}

/** Runs `reload` whenever the policies shared with the customer changed elsewhere on the page. */
export function useHouseholdChanged(reload: () => void): void {
  useEffect(() => {
    window.addEventListener(EVENT, reload);
    return () => window.removeEventListener(EVENT, reload);
  }, [reload]);
}
