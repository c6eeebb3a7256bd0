import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { ChangeWindow, PolicyChangeRequest, PolicyChangeView } from '../../../../shared/policy/policy-change-model';

/** GET /api/policies/:id/changes: the days a change may take effect, and the changes made or waiting. */
export interface PolicyChanges {
  window: ChangeWindow;
  changes: PolicyChangeView[];
}

const path = (policyId: string) => `/policies/${encodeURIComponent(policyId)}/changes`;
const call = <T>(what: string, run: () => Promise<T>) => callApi('policy-changes', what, run);

export const fetchPolicyChanges = (policyId: string) => call('list', () => api<PolicyChanges>(path(policyId)));

/** Prices a change: nothing about the policy changes until it is confirmed. */
export const priceChange = (policyId: string, body: PolicyChangeRequest) =>
  call('price', () => api<PolicyChangeView>(path(policyId), { method: 'POST', body }));

/** The customer's confirmation; asked again (a second click, a second tab), the same change answers, applied once. */
export const confirmChange = (policyId: string, changeId: string) =>
  call('confirm', () => api<PolicyChangeView>(`${path(policyId)}/${encodeURIComponent(changeId)}/confirm`, { method: 'POST', body: {} }));
