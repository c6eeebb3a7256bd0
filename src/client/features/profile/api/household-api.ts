import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { HouseholdMemberView, HouseholdRole, HouseholdView, SharedPolicyView } from '../../../../shared/policy/household-model';

/** Issue 27, a household: GET /api/household, invitations and memberships (POST, PATCH their role, DELETE). */
const call = <T>(what: string, run: () => Promise<T>) => callApi('household', what, run);

export const fetchHousehold = () => call('read', () => api<HouseholdView>('/household'));

export const inviteToPolicy = (policyId: string, invitation: { name: string; email: string; role: HouseholdRole }) =>
  call('invite', () => api<HouseholdMemberView>(`/policies/${policyId}/household`, { method: 'POST', body: invitation }));

export const changeMemberRole = (policyId: string, memberId: string, role: HouseholdRole) =>
  call('role', () => api<HouseholdMemberView>(`/policies/${policyId}/household/${memberId}`, { method: 'PATCH', body: { role } }));

export const removeFromPolicy = (policyId: string, memberId: string) =>
  call('remove', () => api<HouseholdMemberView>(`/policies/${policyId}/household/${memberId}`, { method: 'DELETE', body: {} }));

export const acceptInvitationToken = (token: string) => call('accept', () => api<SharedPolicyView>('/household/accept', { method: 'POST', body: { token } }));

export const acceptInvitation = (invitationId: string) =>
  call('accept', () => api<SharedPolicyView>(`/household/invitations/${invitationId}/accept`, { method: 'POST', body: {} }));

export const leavePolicy = (membershipId: string) =>
  call('leave', () => api<{ id: string; removedAt: string }>(`/household/shared/${membershipId}`, { method: 'DELETE', body: {} }));
