import type { ApiFailure } from '../../shared/api/envelope';
import type { ApiErrorCode } from '../../shared/api/error-codes';

/** The spec's error envelope, `{success:false, error:{message, ...}}`: the shared type the browser reads. */
export type ApiErrorBody = ApiFailure<ApiErrorCode>;

export function apiError(message: string, code: ApiErrorCode, extra?: unknown, fields?: Record<string, string>): ApiErrorBody {
  return {
    success: false,
    error: { message, code, ...(extra === undefined ? {} : { extra }), ...(fields === undefined ? {} : { fields }) },
  };
}
