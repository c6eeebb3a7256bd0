import type { PublicConfig } from '../../../shared/app-state';

/** Spec §7: an aborted request becomes an error named CancelError. */
export class CancelError extends Error {
  override name = 'CancelError';
}

export interface RequestOptions extends Omit<RequestInit, 'body'> {
  body?: unknown;
  correlationId?: string;
}

export interface RequestClientInfo {
  /** The page's language, sent as Accept-Language so what the server writes (mail) matches. */
  locale?: string;
  appEnv: string;
  appVersion: string;
  buildNumber: string;
  deploymentId?: string;
}

let clientInfo: RequestClientInfo = { appEnv: 'PRODUCTION', appVersion: '2.0.0', buildNumber: 'local' };

/** Set once at start-up from the page's public config. */
export function configureRequests(config: Pick<PublicConfig, 'appEnv' | 'appVersion' | 'buildNumber' | 'deploymentId'>, locale?: string): void {
  clientInfo = { appEnv: config.appEnv, appVersion: config.appVersion, buildNumber: config.buildNumber, deploymentId: config.deploymentId, locale };
}

/** "/session" → "/api/session"; "/api/x" and absolute http(s) URLs are left alone. */
export function apiUrl(path: string): string {
  if (/^https?:\/\//i.test(path) || path.startsWith('/api/') || path === '/api') return path;
  return `/api${path.startsWith('/') ? '' : '/'}${path}`;
}

function isPlainBody(body: unknown): boolean {
  return (
    body !== undefined &&
    body !== null &&
    typeof body === 'object' &&
    !(body instanceof FormData) &&
    !(body instanceof Blob) &&
    !(body instanceof URLSearchParams) &&
    !(body instanceof ArrayBuffer)
  );
}

/**
 * The request helper of spec §7: JSON in and out, the app's headers on every call, a non-OK
 * answer thrown as the Response itself, an abort turned into a CancelError.
 */
export async function request<T = unknown>(path: string, options: RequestOptions = {}): Promise<T> {
  const { body, correlationId, headers: given, ...init } = options;
  const headers = new Headers(given);
  headers.set('x-correlation-id', correlationId ?? crypto.randomUUID());
  headers.set('x-app-id', `meterly-web-${clientInfo.appEnv || 'PRODUCTION'}`);
  headers.set('x-app-version', clientInfo.appVersion);
  headers.set('x-app-build-number', clientInfo.buildNumber);
  if (clientInfo.deploymentId) headers.set('x-app-deployment-id', clientInfo.deploymentId);
  if (clientInfo.locale && !headers.has('accept-language')) headers.set('accept-language', clientInfo.locale);
  let payload: BodyInit | undefined;
  if (isPlainBody(body)) {
    headers.set('content-type', 'application/json');
    payload = JSON.stringify(body);
  } else {
    payload = body as BodyInit | undefined;
  }
  let response: Response;
  try {
    response = await fetch(apiUrl(path), { credentials: 'same-origin', ...init, headers, body: payload });
  } catch (error) {
    if ((error as Error)?.name === 'AbortError') throw new CancelError('The request was cancelled.');
    throw error;
  }
  // Spec §7: the caller gets the Response itself, to read its status and envelope.
  // eslint-disable-next-line @typescript-eslint/only-throw-error
  if (!response.ok) throw response;
  const type = response.headers.get('content-type') ?? '';
  return (/\bjson\b/i.test(type) ? await response.json() : await response.text()) as T;
}
