import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import type { SessionView } from '../../../shared/app-state';
import { request } from '../api/request';
import { readStoredSession, writeStoredSession } from './session-storage';

export type SessionStatus = 'loading' | 'ready';

export interface SessionContextValue {
  status: SessionStatus;
  session: SessionView | null;
  signedIn: boolean;
  /** Reads the session from the server again (after sign-in or sign-out). */
  refresh(): Promise<void>;
}

const SessionContext = createContext<SessionContextValue | undefined>(undefined);

interface SessionAnswer {
  success: boolean;
  payload?: SessionView;
}

/** GET /api/session; any failure means no session (spec §8: swallowed). */
async function fetchSession(): Promise<SessionView | null | undefined> {
  try {
    const answer = await request<SessionAnswer>('/session');
    return answer.success && answer.payload ? answer.payload : null;
  } catch {
    return undefined;
  }
}

/**
 * Spec §4: the session is first loaded from the browser's stored copy, then refreshed from
 * the server. A page the server rendered for this visitor starts ready with its session.
 */
export function SessionProvider({ initial, children }: { initial: SessionView | null | undefined; children: ReactNode }) {
  const [status, setStatus] = useState<SessionStatus>(initial === undefined ? 'loading' : 'ready');
  const [session, setSession] = useState<SessionView | null>(initial ?? null);

  const refresh = useCallback(async () => {
    const fresh = await fetchSession();
    if (fresh === undefined) {
      setStatus('ready');
      return;
    }
    setSession(fresh);
    setStatus('ready');
    writeStoredSession(fresh);
  }, []);

  useEffect(() => {
    if (initial === undefined) {
      const stored = readStoredSession();
      if (stored !== undefined) {
        setSession(stored);
        setStatus('ready');
      }
    } else {
      writeStoredSession(initial);
    }
    void refresh();
  }, [initial, refresh]);

  const value = useMemo<SessionContextValue>(
    () => ({ status, session, signedIn: Boolean(session?.userId), refresh }),
    [status, session, refresh],
  );
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>;
}

export function useSession(): SessionContextValue {
  const value = useContext(SessionContext);
  if (!value) throw new Error('useSession requires Session context!');
  return value;
}
