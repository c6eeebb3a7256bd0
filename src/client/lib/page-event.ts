import { useEffect } from 'react';

/**
 * A change one part of a page tells the others of, so they read their data again (a policy
 * change confirmed, a shared policy accepted or left). `name` is the event's own word.
 */
export function announcePageEvent(name: string): void {
  window.dispatchEvent(new Event(`meterly:${name}`));
}

/** Runs `reload` whenever `announcePageEvent(name)` is called elsewhere on the page. */
export function usePageEvent(name: string, reload: () => void): void {
  useEffect(() => {
    const type = `meterly:${name}`;
    window.addEventListener(type, reload);
    return () => window.removeEventListener(type, reload);
  }, [name, reload]);
}
