import { useEffect, useState } from 'react';
import { useLocation } from 'react-router';
import { redirectFromQuery } from '../../../shared/safe-redirect';

/** A query parameter exactly as it stands in the URL, still percent-encoded. */
export function rawQueryParam(search: string, name: string): string | undefined {
  const match = new RegExp(`(?:^|[?&])${name}=([^&#]*)`).exec(search);
  return match ? match[1] : undefined;
}

/**
 * Spec §5: the `redirect` query value, decoded once and resolved on our own origin; undefined
 * when absent or leading elsewhere. Read after hydration (open pages render without the query).
 */
export function useRedirectTarget(): { target: string | undefined; ready: boolean } {
  const { search } = useLocation();
  const [state, setState] = useState<{ target: string | undefined; ready: boolean }>({ target: undefined, ready: false });
  useEffect(() => {
    setState({ target: redirectFromQuery(rawQueryParam(search, 'redirect'), window.location.origin), ready: true });
  }, [search]);
  return state;
}
