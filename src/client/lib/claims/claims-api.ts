import { api } from '../api/api-client';
import { callApi } from '../api/api-result';
import type { ClaimView, NewClaim, StaffClaimView } from '../../../shared/claims/claim-model';
import type { ClaimStatus } from '../../../shared/claims/claim-states';

export type { ClaimView, NewClaim, StaffClaimView };

const call = <T>(what: string, run: () => Promise<T>) => callApi('claims', what, run);
const claimPath = (id: string) => `/claims/${encodeURIComponent(id)}`;
const staffPath = (id: string) => `/agent/claims/${encodeURIComponent(id)}`;

/** One report; a retry of the same report (no answer, a double click) sends the same key and gets the same claim. */
export const reportClaim = (idempotencyKey: string, claim: NewClaim) =>
  call('report', () => api<ClaimView>('/claims', { method: 'POST', body: claim, headers: { 'Idempotency-Key': idempotencyKey } }));

/**
 * One photo of a claim, sent as itself (the file's bytes, its own type), not in base64 inside
 * the report: the server reads it only once it knows the claim is yours and within its limits.
 */
export const addClaimPhoto = (claimId: string, photo: File) =>
  call('add photo', () => api<ClaimView>(`${claimPath(claimId)}/photos`, { method: 'POST', body: photo, headers: { 'Content-Type': photo.type } }));

export const fetchClaims = () => call('list', () => api<ClaimView[]>('/claims'));

/** Plain links: the browser opens the stored image itself. */
export const claimPhotoUrl = (claimId: string, photoId: string) => `/api${claimPath(claimId)}/photos/${encodeURIComponent(photoId)}`;
export const staffClaimPhotoUrl = (claimId: string, photoId: string) => `/api${staffPath(claimId)}/photos/${encodeURIComponent(photoId)}`;

export const fetchStaffClaims = (status?: ClaimStatus) => call('staff list', () => api<StaffClaimView[]>(`/agent/claims${status ? `?status=${status}` : ''}`));

export const fetchStaffClaim = (id: string) => call('staff read', () => api<StaffClaimView>(staffPath(id)));

/** Staff move a claim one step, with the note the customer sees; `from` is the state the screen showed. */
export const moveClaim = (id: string, move: { to: ClaimStatus; from: ClaimStatus; note: string }) =>
  call('move', () => api<StaffClaimView>(`${staffPath(id)}/status`, { method: 'POST', body: move }));

/** A message on a claim of yours; a retry of the same message (no answer, a double click) sends the same key and posts it once. */
export const sendClaimMessage = (claimId: string, idempotencyKey: string, body: string) =>
  call('message', () => api<ClaimView>(`${claimPath(claimId)}/messages`, { method: 'POST', body: { body }, headers: { 'Idempotency-Key': idempotencyKey } }));

/** Staff's reply on a claim within reach, once per key as the customer's. */
export const sendStaffClaimMessage = (claimId: string, idempotencyKey: string, body: string) =>
  call('staff message', () =>
    api<StaffClaimView>(`${staffPath(claimId)}/messages`, { method: 'POST', body: { body }, headers: { 'Idempotency-Key': idempotencyKey } }),
  );
