import type { SessionView } from '../../../shared/app-state';

/** Spec §9: the session is persisted in the browser under this key, version 1. */
export const SESSION_STORAGE_KEY = 'browser-session-storage';
export const SESSION_STORAGE_VERSION = 1;

interface StoredSession {
  version: number;
  session: SessionView | null;
}

export function readStoredSession(): SessionView | null | undefined {
  try {
    const raw = window.localStorage.getItem(SESSION_STORAGE_KEY);
    if (!raw) return undefined;
    const stored = JSON.parse(raw) as StoredSession;
    return stored.version === SESSION_STORAGE_VERSION ? stored.session : undefined;
  } catch {
    return undefined;
  }
}

export function writeStoredSession(session: SessionView | null): void {
  try {
    const stored: StoredSession = { version: SESSION_STORAGE_VERSION, session };
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(stored));
  } catch {
    // Storage can be full or disabled; the server's copy is the real one.
  }
}
