import { api } from '../../../lib/api/api-client';
import { callApi, type ApiFailure } from '../../../lib/api/api-result';

export type { ApiFailure };

/** Spec §7/§8: every failure is logged as a warning and returned with its code. */
const call = <T>(run: () => Promise<T>) => callApi('auth', '', run, true);

export function requestMagicLink(email: string, redirectUri?: string) {
  return call(() => api<unknown>('/auth/magic-link', { method: 'POST', body: redirectUri ? { email, redirectUri } : { email } }));
}

export function exchangeToken(code: string) {
  return call(() => api<{ redirectTo?: string }>('/auth/exchange-token', { method: 'POST', body: { code } }));
}

export function requestAppCode() {
  return call(() => api<{ link: string; expiresAt: string }>('/auth/app-code', { method: 'POST', body: {} }));
}
