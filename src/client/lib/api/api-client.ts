import { CancelError, request, type RequestOptions } from './request';
import type { ApiEnvelope } from '../../../shared/api/envelope';
import type { ApiErrorCode } from '../../../shared/api/error-codes';

type Envelope<T> = ApiEnvelope<T, ApiErrorCode>;

/**
 * A call the API refused or that got no answer: the HTTP status (0 without an answer) and what
 * the envelope's `error` said, its code typed as the server's union (src/shared/api/error-codes).
 */
export class ApiError extends Error {
  override name = 'ApiError';
  readonly code?: ApiErrorCode;
  /** The envelope's `error.extra`: what the code needs to be acted on (a state, a step, a reason). */
  readonly extra: Record<string, unknown>;
  readonly fields?: Record<string, string>;
  /** From Retry-After (a 429, a 503). */
  readonly retryAfterSeconds?: number;

  constructor(
    readonly status: number,
    body?: Partial<Envelope<unknown>>,
    retryAfter?: string | null,
  ) {
    const error = body?.success === false ? body.error : undefined;
    super(error?.message);
    this.code = error?.code;
    this.extra = (error?.extra as Record<string, unknown> | undefined) ?? {};
    this.fields = error?.fields;
    this.retryAfterSeconds = Number(retryAfter) > 0 ? Number(retryAfter) : undefined;
  }
}

/** A thrown Response (request's way of saying "not OK") or a network error, as an ApiError; a CancelError stays one. */
export async function toApiError(error: unknown): Promise<ApiError | CancelError> {
  if (error instanceof ApiError || error instanceof CancelError) return error;
  if (!(error instanceof Response)) return new ApiError(0);
  const body = (await error.json().catch(() => undefined)) as Partial<Envelope<unknown>> | undefined;
  return new ApiError(error.status, body, error.headers.get('retry-after'));
}

/**
 * The browser's one way to call /api: spec §7's request helper underneath, the envelope read
 * once, the payload given back typed `T`, and any failure thrown as an ApiError (an abort as
 * request's CancelError).
 */
export async function api<T>(path: string, options?: RequestOptions): Promise<T> {
  const answer = await askOnce<T>(path, options).catch((error: unknown) => askAgain<T>(path, options, error));
  // The one OK status that carries a failure: 202 PAYMENT_PROCESSING (the charge has not settled).
  if (answer.success === false) throw new ApiError(202, answer);
  return answer.payload;
}

/**
 * A read that a busy or briefly unreachable database answered 503 is asked again, twice at most,
 * after a short pause: a reading that would stand a moment later is not worth an error screen.
 * Only reads (GET, HEAD): a write's outcome after a 503 is the caller's to decide (a purchase
 * sends its idempotency key again, a form says so). The pauses are ours, not Retry-After's 5 s:
 * the person is waiting for the page.
 */
export const READ_RETRY_PAUSES_MS = [400, 1500] as const;

/**
 * Each pause is drawn from ±25 % of its base: pages that met the same busy moment together do not
 * all ask again in the same millisecond, which would make a second busy moment.
 */
export const READ_RETRY_SPREAD = 0.25;

export function readRetryPauseMs(baseMs: number, random: () => number = Math.random): number {
  return Math.round(baseMs * (1 - READ_RETRY_SPREAD + 2 * READ_RETRY_SPREAD * random()));
}

async function askOnce<T>(path: string, options: RequestOptions | undefined): Promise<Envelope<T>> {
  try {
    return await request<Envelope<T>>(path, options);
  } catch (error) {
    throw await toApiError(error);
  }
}

async function askAgain<T>(path: string, options: RequestOptions | undefined, first: unknown): Promise<Envelope<T>> {
  const isRead = ['GET', 'HEAD'].includes((options?.method ?? 'GET').toUpperCase());
  let failure = first;
  for (const pauseMs of READ_RETRY_PAUSES_MS) {
    if (!isRead || !(failure instanceof ApiError) || failure.status !== 503) throw failure;
    await pause(readRetryPauseMs(pauseMs), options?.signal ?? undefined);
    try {
      return await askOnce<T>(path, options);
    } catch (error) {
      failure = error;
    }
  }
  throw failure;
}

/** Waits `ms`, or throws a CancelError as soon as `signal` aborts. */
function pause(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    const cancel = () => {
      clearTimeout(timer);
      reject(new CancelError('The request was cancelled.'));
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', cancel);
      resolve();
    }, ms);
    if (signal?.aborted) cancel();
    else signal?.addEventListener('abort', cancel, { once: true });
  });
}
