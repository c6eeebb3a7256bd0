import { Client } from 'pg';

type Callback = (err: Error | null, result?: unknown) => void;

/** pg's message when query_timeout passes without an answer. */
export function isQueryReadTimeout(error: unknown): boolean {
  return error instanceof Error && error.message === 'Query read timeout';
}

/**
 * A pg Client that is closed as soon as one of its queries passes query_timeout unanswered.
 * pg itself only fails that query: the connection would go back to the pool with the query
 * still on the wire — and, inside a transaction whose ROLLBACK never went out, the next
 * request to borrow it would write into someone else's open transaction. Ending it here
 * (before the pool gets it back) makes the pool drop it and open a fresh one.
 */
export class DeadlineClient extends Client {
  override query(...args: unknown[]): never {
    const last = args.length - 1;
    if (typeof args[last] === 'function') {
      const callback = args[last] as Callback;
      args[last] = (err: Error | null, result?: unknown) => {
        if (isQueryReadTimeout(err)) this.abandon();
        callback(err, result);
      };
    }
    const first = args[0] as { submit?: unknown; callback?: Callback } | undefined;
    if (first && typeof first.submit === 'function' && typeof first.callback === 'function') {
      const callback = first.callback;
      first.callback = (err, result) => {
        if (isQueryReadTimeout(err)) this.abandon();
        callback(err, result);
      };
    }
    const result = (super.query as (...a: unknown[]) => unknown)(...args);
    if (result && typeof (result as Promise<unknown>).then === 'function') {
      (result as Promise<unknown>).catch((err: unknown) => {
        if (isQueryReadTimeout(err)) this.abandon();
      });
    }
    return result as never;
  }

  private abandon(): void {
    // end() marks the client as ending at once (the pool will not reuse it) and, with a query
    // still unanswered, destroys the socket instead of waiting for a goodbye.
    this.end().catch(() => undefined);
  }
}
