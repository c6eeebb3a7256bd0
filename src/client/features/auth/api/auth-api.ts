import { api } from '../../../lib/api/api-client';
import { callApi, type ApiFailure } from '../../../lib/api/api-result';

export type { ApiFailure };

/** Spec §7/§8: every failure is logged as a warning and returned with its code. */
const call = <T>(what: string, run: () => Promise<T>) => callApi('auth', what, run, true);

export function requestMagicLink(email: string, redirectUri?: string) {
  return call('magic link', () => api<unknown>('/auth/magic-link', { method: 'POST', body: redirectUri ? { email, redirectUri } : { email } }));
}

export function exchangeToken(code: string) {
  return call('exchange', () => api<{ redirectTo?: string }>('/auth/exchange-token', { method: 'POST', body: { code } }));
}

export function requestAppCode() {
  return call('app code', () => api<{ link: string; expiresAt: string }>('/auth/app-code', { method: 'POST', body: {} }));
}
