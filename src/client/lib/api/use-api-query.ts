import { createContext, createElement, useCallback, useContext, useEffect, useRef, useState, type ReactNode } from 'react';
import type { PreloadedAnswers } from '../../../shared/app-state';

type Result<T, F> = { ok: true; value: T } | { ok: false; failure: F };

export type QueryState<T, F> = { state: 'loading' } | { state: 'failed'; failure: F } | { state: 'ready'; data: T };

export type ApiQuery<T, F> = QueryState<T, F> & {
  /** Asks again: what is shown stays until the answer, except a failure, which shows loading. */
  refetch: () => void;
  /** Changes the data shown (a save answered with the new value) without asking again. */
  setData: (change: (data: T) => T) => void;
};

const LOADING = { state: 'loading' } as const;

/** The small cache: one request per key at a time, shared by whoever asks while it is pending. */
const pending = new Map<string, Promise<unknown>>();

export function sharedRequest<R>(id: string, load: () => Promise<R>): Promise<R> {
  let answer = pending.get(id) as Promise<R> | undefined;
  if (!answer) {
    answer = load().finally(() => pending.delete(id));
    pending.set(id, answer);
  }
  return answer;
}

/** What a screen shows of the last answer: it if the answer is for this key (or kept from the last key), else loading. */
export function shownQuery<T, F>(entry: { id: string | null; query: QueryState<T, F> }, id: string | null, keepPrevious = false): QueryState<T, F> {
  return entry.id === id || (keepPrevious && entry.query.state === 'ready') ? entry.query : LOADING;
}

/**
 * The answers the server read for the page (AppState.preloaded), by query id: the server render
 * and the hydration start from them, so the HTML has the data and hydration matches it. Taken
 * once: `answers` is emptied when the first render is committed (PreloadedAnswersProvider), so a
 * later visit to the page (a client-side navigation) loads fresh.
 */
interface Preloaded {
  answers: PreloadedAnswers | null;
}

const PreloadedContext = createContext<Preloaded>({ answers: null });

/** Hands the render's preloaded answers to every useApiQuery below; one holder per render tree (per request on the server). */
export function PreloadedAnswersProvider({ answers, children }: { answers: PreloadedAnswers | undefined; children: ReactNode }) {
  const [holder] = useState<Preloaded>(() => ({ answers: answers ?? null }));
  // A parent's effects run after its children's: every query of the first render has read its answer.
  useEffect(() => {
    holder.answers = null;
  }, [holder]);
  return createElement(PreloadedContext.Provider, { value: holder }, children);
}

/** The preloaded answer for `id`, if the render has one (undefined otherwise). */
function preloadedAnswer(holder: Preloaded, id: string | null): { value: unknown } | undefined {
  const answers = holder.answers;
  return id !== null && answers && Object.prototype.hasOwnProperty.call(answers, id) ? { value: answers[id] } : undefined;
}

/**
 * The browser's one way to load data for a screen: `load` (a typed API call answering
 * `{ok, value | failure}`) runs when the key changes (a `null` key waits), an answer for an
 * old key is dropped, and the screen gets loading / failed / ready with refetch and setData.
 * `keepPrevious`: while a new key loads, the last key's data stays shown.
 * An answer the server preloaded for the key (PreloadedAnswersProvider) is the first state, on the
 * server and at hydration, and is not asked again; refetch, a new key and setData work as ever.
 */
export function useApiQuery<T, F>(key: readonly unknown[] | null, load: () => Promise<Result<T, F>>, options: { keepPrevious?: boolean } = {}): ApiQuery<T, F> {
  const id = key && JSON.stringify(key);
  const holder = useContext(PreloadedContext);
  const [entry, setEntry] = useState<{ id: string | null; query: QueryState<T, F> }>(() => {
    const preloaded = preloadedAnswer(holder, id);
    return { id, query: preloaded ? { state: 'ready', data: preloaded.value as T } : LOADING };
  });
  // The key whose answer came preloaded, until it changes or is asked again.
  const preloadedId = useRef(entry.query.state === 'ready' ? id : null);
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (id === null) return;
    if (preloadedId.current !== null) {
      if (preloadedId.current === id && attempt === 0) return;
      preloadedId.current = null;
    }
    let current = true;
    void sharedRequest(id, () => latest.current()).then((result) => {
      if (current) setEntry({ id, query: result.ok ? { state: 'ready', data: result.value } : { state: 'failed', failure: result.failure } });
    });
    return () => {
      current = false;
    };
  }, [id, attempt]);

  const refetch = useCallback(() => {
    setEntry((shown) => (shown.query.state === 'failed' ? { id: shown.id, query: LOADING } : shown));
    setAttempt((n) => n + 1);
  }, []);
  const setData = useCallback(
    (change: (data: T) => T) =>
      setEntry((shown) => (shown.query.state === 'ready' ? { id: shown.id, query: { state: 'ready', data: change(shown.query.data) } } : shown)),
    [],
  );

  return { ...shownQuery(entry, id, options.keepPrevious), refetch, setData };
}
