import { request } from '../../../lib/api/request';
import { toFailure, type ApiFailure } from '../../../lib/api/api-result';
import { createLogger } from '../../../lib/telemetry/logger';

export type { ApiFailure };

/** Spec §7/§8: failure is logged as a warning and returned with its message. */
async function call<T>(tag: string, run: () => Promise<T>): Promise<{ success: true; payload: T } | { success: false; error: ApiFailure }> {
  try {
    return { success: true, payload: await run() };
  } catch (error) {
    const failure = await toFailure(error);
    createLogger(tag).warn('failed', { status: failure.status, code: failure.code });
    return { success: false, error: failure };
  }
}

export function requestMagicLink(email: string, redirectUri?: string) {
  return call('auth', () => request('/auth/magic-link', { method: 'POST', body: redirectUri ? { email, redirectUri } : { email } }));
}

export function exchangeToken(code: string) {
  return call('auth', async () => (await request<{ payload: { redirectTo?: string } }>('/auth/exchange-token', { method: 'POST', body: { code } })).payload);
}

export function requestAppCode() {
  return call('auth', async () => (await request<{ payload: { link: string; expiresAt: string } }>('/auth/app-code', { method: 'POST', body: {} })).payload);
}
