import { api } from '../api/api-client';
import { callApi } from '../api/api-result';
import type { PolicyView } from '../../../shared/policy/policy-model';

/** A policy cancelled for non-payment may be reinstated until `lastDay` (issue 26), paying `amountCents`. */
export interface ReinstatementOffer {
  coverEndedOn: string;
  lastDay: string;
  amountCents: number;
}

const reinstatementPath = (id: string) => `/policies/${encodeURIComponent(id)}/reinstatement`;

/** The offer standing today, or null. */
export function fetchReinstatementOffer(id: string) {
  return callApi('policy', 'reinstatement offer', async () => (await api<{ offer: ReinstatementOffer | null }>(reinstatementPath(id))).offer);
}

/** Pays what is owed and reinstates with the no-loss statement: the policy in force again. */
export function reinstatePolicy(id: string) {
  return callApi('policy', 'reinstate', () => api<PolicyView>(reinstatementPath(id), { method: 'POST', body: { noLossStatement: true } }));
}
