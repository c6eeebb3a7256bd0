import type { ApiErrorCode } from '../../shared/api/error-codes';

/** The spec's error envelope: `{success:false, error:{message, ...}}`. */
export interface ApiErrorBody {
  success: false;
  error: { message: string; code: ApiErrorCode; extra?: unknown; fields?: Record<string, string> };
}

export function apiError(message: string, code: ApiErrorCode, extra?: unknown, fields?: Record<string, string>): ApiErrorBody {
  return {
    success: false,
    error: { message, code, ...(extra === undefined ? {} : { extra }), ...(fields === undefined ? {} : { fields }) },
  };
}
