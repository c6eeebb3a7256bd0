import { useEffect } from 'react';

/**
 * Marks <html data-hydrated> once React has taken over the server's markup, so tools (and the
 * browser tests) can tell a page that only looks ready from one that works.
 */
export function useHydratedMarker(): void {
  useEffect(() => {
    document.documentElement.dataset.hydrated = 'true';
  }, []);
}
