import { api } from '../../../lib/api/api-client';
import { callApi } from '../../../lib/api/api-result';
import type { AdminPrivacyRequestList, AdminSessionList, AuditPage, StaffMemberView, StaffRole } from '../../../../shared/admin/admin-model';
import type { AuditKind } from '../../../../shared/audit/audit-actions';
import type { PrivacyRequestStatus, PrivacyRequestView } from '../../../../shared/privacy/privacy-request-model';

const query = (values: Record<string, string | number | undefined>) => {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) if (value !== undefined && value !== '') params.set(key, String(value));
  const text = params.toString();
  return text ? `?${text}` : '';
};

export function fetchSessions(email: string) {
  return callApi('admin-sessions', 'list', () => api<AdminSessionList>(`/admin/sessions${query({ email })}`));
}

export function revokeSession(email: string, sessionId: string) {
  return callApi('admin-sessions', 'revoke', () =>
    api<{ revoked: number }>(`/admin/sessions/${encodeURIComponent(sessionId)}${query({ email })}`, { method: 'DELETE', body: {} }),
  );
}

export function revokeAllSessions(email: string) {
  return callApi('admin-sessions', 'revoke all', () => api<{ revoked: number }>(`/admin/sessions${query({ email })}`, { method: 'DELETE', body: {} }));
}

/** The audit screen's filters as the API takes them (instants; `to` exclusive). */
export interface AuditFilters {
  actor?: string;
  customer?: string;
  action?: string;
  from?: string;
  to?: string;
  kind?: AuditKind;
}

export const auditQuery = (filters: AuditFilters, page?: number) => query({ ...filters, page });

export function fetchAudit(filters: AuditFilters, page: number) {
  return callApi('admin-audit', 'list', () => api<AuditPage>(`/admin/audit${auditQuery(filters, page)}`));
}

export function fetchAuditActions() {
  return callApi('admin-audit', 'actions', () => api<string[]>('/admin/audit/actions'));
}

/** The CSV's address (a download the browser makes with the session cookie). */
export const auditExportUrl = (filters: AuditFilters) => `/api/admin/audit/export${auditQuery(filters)}`;

export function fetchStaff() {
  return callApi('admin-staff', 'list', () => api<StaffMemberView[]>('/admin/staff'));
}

export interface NewStaff {
  role: StaffRole;
  email: string;
  name: string;
  producerId?: string;
  phone?: string;
  licenseNumber?: string;
  licensedStates?: string[];
}

export function addStaff(body: NewStaff) {
  return callApi('admin-staff', 'add', () => api<StaffMemberView>('/admin/staff', { method: 'POST', body }));
}

export function deactivateStaff(userId: string) {
  return callApi('admin-staff', 'deactivate', () => api<{ sessions: number }>(`/admin/staff/${userId}/deactivate`, { method: 'POST', body: {} }));
}

export function setLicence(userId: string, body: { producerId: string; licensedStates: string[] }) {
  return callApi('admin-staff', 'licence', () => api<StaffMemberView>(`/admin/staff/${userId}/licence`, { method: 'PUT', body }));
}

/** Issue 27: the privacy requests' screen. */
export function fetchPrivacyRequests(status: PrivacyRequestStatus | '', page: number) {
  return callApi('admin-privacy', 'list', () => api<AdminPrivacyRequestList>(`/admin/privacy-requests${query({ status, page: page > 1 ? page : undefined })}`));
}

export type PrivacyAnswer = 'extend' | 'deny' | 'complete';

export function answerPrivacyRequest(id: string, answer: PrivacyAnswer, reason: string) {
  const body = answer === 'complete' ? (reason ? { note: reason } : {}) : { reason };
  return callApi('admin-privacy', answer, () => api<PrivacyRequestView>(`/admin/privacy-requests/${id}/${answer}`, { method: 'POST', body }));
}
