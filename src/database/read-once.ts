import { AsyncLocalStorage } from 'node:async_hooks';

/** The reads shared within one piece of read-only work (a page's data), by key. */
const sharedReads = new AsyncLocalStorage<Map<string, Promise<unknown>>>();

/**
 * Runs `work` with its reads shared: inside it, `readOnce` answers every ask of a key with the
 * first read's answer. Only for work that writes nothing (a page's data, issue 29): a write in
 * it would not be seen by a later read of the same key.
 */
export function withReadsShared<T>(work: () => Promise<T>): Promise<T> {
  return sharedReads.run(new Map(), work);
}

/**
 * `read()`, or, inside `withReadsShared`, the answer of the first read of `key` there (My account
 * read a policy's transactions three times, and a car's trips, readings and disputes twice, for
 * its billing block's summary, its periods and its days). A shared list is frozen: a reader that
 * sorted it in place would change it for the others, and now fails instead, where a test sees it.
 * Outside, every call reads: a request that writes always reads afresh.
 */
export function readOnce<T>(key: string, read: () => Promise<T>): Promise<T> {
  const shared = sharedReads.getStore();
  if (!shared) return read();
  let answer = shared.get(key) as Promise<T> | undefined;
  if (!answer) {
    answer = read().then((value) => (Array.isArray(value) ? (Object.freeze(value) as T) : value));
    shared.set(key, answer);
  }
  return answer;
}
