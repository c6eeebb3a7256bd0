import type { Locale } from '../../../../shared/locale';
import { callApi } from '../../../lib/api/api-result';
import { api } from '../../../lib/api/api-client';

/** docs/policies-api.md, Account: the e-mail is shown, never changed here. */
export interface Account {
  email: string;
  name: string | null;
  preferredLocale: Locale;
}

export const fetchAccount = () => callApi<Account>('account', 'read', () => api<Account>('/account'));

export const updateAccount = (change: { name?: string; preferredLocale?: Locale }) => callApi<Account>('account', 'update', () => api<Account>('/account', { method: 'PUT', body: change }));
