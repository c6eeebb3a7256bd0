import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { DeletionAsked, DeletionBlocker, DeletionPreview } from '../../../../shared/privacy/account-deletion-model';

export type { DeletionAsked, DeletionBlocker, DeletionPreview };

/** Issue 27: deleting the account (docs/decisions.md, "Issue 27: deleting an account"). */
const call = <T>(what: string, run: () => Promise<T>) => callApi('account-deletion', what, run);

/** What stops the deletion today: read when the customer clicks, not with the page. */
export const fetchDeletionPreview = () => call('preview', () => api<DeletionPreview>('/account/deletion'));

/** Opens the request and e-mails the confirmation link. */
export const askDeletion = () => call('ask', () => api<DeletionAsked>('/account/deletion', { method: 'POST', body: {} }));
