import { createLogger } from '../telemetry/logger';
import { ApiError, toApiError } from './api-client';

/** What a failed call tells a screen: its status (0 without an answer), code, message, extra and fields. */
export type ApiFailure = ApiError;

export type ApiResult<T, F = ApiFailure> = { ok: true; value: T } | { ok: false; failure: F };

/** A refusal the page explains in words of its own (a reading that went down) is not a fault worth a log line. */
const explained = (failure: ApiFailure) => failure.status >= 400 && failure.status < 500 && failure.code !== undefined;

/**
 * Runs a typed call and gives the screen its value or its failure; a failure is logged as a
 * warning under `tag` (spec §8: "[tag] <what> failed"), unless it is a refusal the screen explains (`logRefusals`: log
 * those too).
 */
export async function callApi<T>(tag: string, what: string, run: () => Promise<T>, logRefusals = false): Promise<ApiResult<T>> {
  try {
    return { ok: true, value: await run() };
  } catch (error) {
    const thrown = await toApiError(error);
    const failure = thrown instanceof ApiError ? thrown : new ApiError(0);
    if (logRefusals || !explained(failure)) createLogger(tag).warn(what ? `${what} failed` : 'failed', { status: failure.status || 'network', code: failure.code });
    return { ok: false, failure };
  }
}
