import type { ApiFailure } from '../../shared/api/envelope';

/** The spec's error envelope, `{success:false, error:{message, ...}}`: the shared type the browser reads. */
export type ApiErrorBody = ApiFailure;

export function apiError(message: string, code: string, extra?: unknown, fields?: Record<string, string>): ApiErrorBody {
  return {
    success: false,
    error: { message, code, ...(extra === undefined ? {} : { extra }), ...(fields === undefined ? {} : { fields }) },
  };
}
