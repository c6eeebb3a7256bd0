import { createLogger } from '../telemetry/logger';

/** What a failed call tells a screen: its status (0 without an answer), code and message. */
export interface ApiFailure {
  status: number;
  code?: string;
  message?: string;
  retryAfterSeconds?: number;
}

export type ApiResult<T> = { ok: true; value: T } | { ok: false; failure: ApiFailure };

/** A thrown Response (or a network error) as something a screen can show. */
export async function toFailure(error: unknown): Promise<ApiFailure> {
  if (error instanceof Response) {
    const body = await error.json().catch(() => undefined);
    const retryAfter = Number(error.headers.get('retry-after'));
    return {
      status: error.status,
      code: body?.error?.code,
      message: body?.error?.message,
      retryAfterSeconds: Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter : undefined,
    };
  }
  return { status: 0 };
}

/** A refusal the page explains in words of its own (a reading that went down) is not a fault worth a log line. */
const explained = (failure: ApiFailure) => failure.status >= 400 && failure.status < 500 && failure.code !== undefined;

/**
 * Runs a call that answers `{ payload }` and gives the screen its payload or its failure; a
 * failure is logged as a warning under `tag` (spec §8), unless it is a refusal the screen explains.
 */
export async function callApi<T>(tag: string, what: string, run: () => Promise<{ payload: T }>): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: (await run()).payload };
  } catch (error) {
    const failure = await toFailure(error);
    if (!explained(failure)) createLogger(tag).warn(`${what} failed`, { status: failure.status || 'network', code: failure.code });
    return { ok: false, failure };
  }
}
