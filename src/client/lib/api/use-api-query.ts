import { useCallback, useEffect, useRef, useState } from 'react';

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
 * The browser's one way to load data for a screen: `load` (a typed API call answering
 * `{ok, value | failure}`) runs when the key changes (a `null` key waits), an answer for an
 * old key is dropped, and the screen gets loading / failed / ready with refetch and setData.
 * `keepPrevious`: while a new key loads, the last key's data stays shown.
 */
export function useApiQuery<T, F>(key: readonly unknown[] | null, load: () => Promise<Result<T, F>>, options: { keepPrevious?: boolean } = {}): ApiQuery<T, F> {
  const id = key && JSON.stringify(key);
  const [entry, setEntry] = useState<{ id: string | null; query: QueryState<T, F> }>({ id, query: LOADING });
  const [attempt, setAttempt] = useState(0);
  const latest = useRef(load);
  latest.current = load;

  useEffect(() => {
    if (id === null) return;
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
  const setData = useCallback((change: (data: T) => T) => setEntry((shown) => (shown.query.state === 'ready' ? { id: shown.id, query: { state: 'ready', data: change(shown.query.data) } } : shown)), []);

  return { ...shownQuery(entry, id, options.keepPrevious), refetch, setData };
}
