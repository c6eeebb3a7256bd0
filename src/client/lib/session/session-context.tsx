import { createContext, startTransition, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { followSessionLater } from '../../offline/offline-later';
import { api } from '../api/api-client';
import { captureAttribution } from '../attribution/attribution';
import { readStoredSession, writeStoredSession } from './session-storage';
import type { SessionView } from '../../../shared/app-state';

export type SessionStatus = 'loading' | 'ready';

export interface SessionContextValue {
  status: SessionStatus;
  session: SessionView | null;
  signedIn: boolean;
  /** Reads the session from the server again (after sign-in or sign-out); undefined when it could not be read. */
  refresh: () => Promise<SessionView | null | undefined>;
  /** The page (its location key) being left by logging out: no sign-in redirect is owed there. */
  leftFrom: string | null;
  /** Notes that the page with this location key is being left by logging out (spec §4: to /). */
  leave: (locationKey: string) => void;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

/** GET /api/session; any failure means no session (spec §8: swallowed). */
async function fetchSession(): Promise<SessionView | null | undefined> {
  try {
    return (await api<SessionView | null>('/session')) ?? null;
  } catch {
    return undefined;
  }
}

/** POST /api/session with what the browser may write; failures are swallowed (spec §8). */
async function writeSession(body: object): Promise<SessionView | undefined> {
  try {
    return (await api<SessionView | null>('/session', { method: 'POST', body })) ?? undefined;
  } catch {
    return undefined;
  }
}

function sameSession(a: SessionView | null, b: SessionView | null): boolean {
  return a === b || JSON.stringify(a) === JSON.stringify(b);
}

/**
 * Spec §4: the session is first loaded from the browser's stored copy, then refreshed from
 * the server. A page the server rendered for this visitor starts ready with its session.
 * On the first load it also gives the visitor an anonymousId (kept through sign-in) and
 * records the landing URL's marketing attribution.
 */
export function SessionProvider({ initial, locale, children }: { initial: SessionView | null | undefined; locale: string; children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(initial === undefined ? 'loading' : 'ready');
  const [session, setSession] = useState<SessionView | null>(initial ?? null);
  const [leftFrom, setLeftFrom] = useState<string | null>(null);

  const adopt = useCallback((fresh: SessionView | null) => {
    setSession((current) => (sameSession(current, fresh) ? current : fresh));
    setStatus('ready');
    writeStoredSession(fresh);
    // The ID cards kept offline are only ever the signed-in customer's (issue 27).
    followSessionLater(fresh);
  }, []);

  /**
   * The page's own first read comes back as the session the server rendered it with, or with
   * only an anonymousId more: the same session keeps its object (sameSession), so no consumer
   * renders again, and a changed one renders as a transition, in slices a tap can come between,
   * not in one long task. After a sign-in or out (refresh) the caller goes on with the new
   * session at once, so those stay urgent.
   */
  const adoptInBackground = useCallback((fresh: SessionView | null) => startTransition(() => adopt(fresh)), [adopt]);

  const refresh = useCallback(async () => {
    const fresh = await fetchSession();
    if (fresh === undefined) setStatus('ready');
    else adopt(fresh);
    return fresh;
  }, [adopt]);

  useEffect(() => {
    const stored = readStoredSession();
    if (initial === undefined && stored !== undefined) {
      setSession(stored);
      setStatus('ready');
    }
    void (async () => {
      const fresh = await fetchSession();
      if (fresh === undefined) return setStatus('ready');
      const attribution = captureAttribution(window.location.search);
      const anonymousId = fresh?.anonymousId ?? stored?.anonymousId ?? crypto.randomUUID();
      if (!fresh?.anonymousId || attribution) {
        adoptInBackground((await writeSession({ anonymousId, locale, ...(attribution ? { attribution } : {}) })) ?? fresh);
      } else {
        adoptInBackground(fresh);
      }
    })();
    // Once per page load: later changes come through refresh().
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  const value = useMemo<SessionContextValue>(
    () => ({ status, session, signedIn: Boolean(session?.userId), refresh, leftFrom, leave: setLeftFrom }),
    [status, session, refresh, leftFrom],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession requires Session context!');
  return value;
}
