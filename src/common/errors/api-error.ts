/** The spec's error envelope: `{success:false, error:{message, ...}}`. */
export interface ApiErrorBody {
  success: false;
  error: { message: string; code: string; extra?: unknown };
}

export function apiError(message: string, code: string, extra?: unknown): ApiErrorBody {
  return { success: false, error: extra === undefined ? { message, code } : { message, code, extra } };
}
