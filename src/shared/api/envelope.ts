/**
 * The spec's envelope, the one contract every /api answer keeps: `{success:true, payload}` or
 * `{success:false, error:{message, code, ...}}`. Shared so the server builds and the browser reads
 * the same type.
 */
export interface ApiSuccess<T> {
  success: true;
  payload: T;
}

export interface ApiFailure<Code extends string = string> {
  success: false;
  error: { message: string; code: Code; extra?: unknown; fields?: Record<string, string> };
}

export type ApiEnvelope<T, Code extends string = string> = ApiSuccess<T> | ApiFailure<Code>;
