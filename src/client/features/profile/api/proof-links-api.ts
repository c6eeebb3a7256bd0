import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { ProofLinkCreated, ProofLinkView } from '../../../../shared/policy/proof-link-model';

/** Issue 27: a policy's share-proof links (GET, POST, DELETE /api/policies/:id/proof-links). */
const call = <T>(what: string, run: () => Promise<T>) => callApi('proof-links', what, run);

export const fetchProofLinks = (policyId: string) => call('list', () => api<ProofLinkView[]>(`/policies/${policyId}/proof-links`));

/** `vehicleIndex` null: every car. The answer's `url` is the only time the link is shown. */
export const makeProofLink = (policyId: string, vehicleIndex: number | null) =>
  call('make', () => api<ProofLinkCreated>(`/policies/${policyId}/proof-links`, { method: 'POST', body: { vehicleIndex } }));

export const revokeProofLink = (policyId: string, linkId: string) =>
  call('revoke', () => api<{ id: string; revokedAt: string }>(`/policies/${policyId}/proof-links/${linkId}`, { method: 'DELETE', body: {} }));
