import { useSyncExternalStore } from 'react';

const unchanging = () => () => undefined;

/**
 * The time zone to write an instant's day in: the browser's own (undefined) once the page has
 * hydrated, and UTC in the server's render and the hydration that must match it. A page the
 * server renders with its data (issue 29) would otherwise write the day of the server's zone and
 * hydrate with the visitor's: a customer in Arizona after 5 p.m. got a React mismatch, and the
 * page drawn again. React renders again with the browser's zone right after hydrating.
 */
export function useBrowserZone(): string | undefined {
  return useSyncExternalStore(
    unchanging,
    () => undefined,
    () => 'UTC',
  );
}
