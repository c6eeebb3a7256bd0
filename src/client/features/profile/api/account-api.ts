import type { Locale } from '../../../../shared/locale';
import { request } from '../../../lib/api/request';
import { createLogger } from '../../../lib/telemetry/logger';

/** docs/policies-api.md, Account: the e-mail is shown, never changed here. */
export interface Account {
  email: string;
  name: string | null;
  preferredLocale: Locale;
}

export type AccountResult = { ok: true; value: Account } | { ok: false };

async function call(what: string, run: () => Promise<{ payload: Account }>): Promise<AccountResult> {
  try {
    return { ok: true, value: (await run()).payload };
  } catch (error) {
    createLogger('account').warn(`${what} failed`, { status: error instanceof Response ? error.status : 'network' });
    return { ok: false };
  }
}

export const fetchAccount = () => call('read', () => request('/account'));

export const updateAccount = (change: { name?: string; preferredLocale?: Locale }) => call('update', () => request('/account', { method: 'PUT', body: change }));
