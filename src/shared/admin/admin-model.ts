import type { AuditChange } from '../audit/audit-changes';
import type { ClaimStatus } from '../claims/claim-states';
import type { PolicyStatus } from '../policy/policy-model';
import type { PrivacyRequestView } from '../privacy/privacy-request-model';

/** What the admin and agent screens and the API agree on (issue 16). */

/** A browser as a session's User-Agent names it; null parts are unknown. */
export interface SessionDevice {
  browser: string | null;
  os: string | null;
  mobile: boolean;
}

/** One live session on the admin screen. `revocable`: false for a staff member's session acting for the user. */
export interface AdminSessionView {
  sessionId: string;
  device: SessionDevice;
  ip: string | null;
  createdAt: string | null;
  lastSeenAt: string | null;
  /** The staff member acting for the user in this session (it is theirs, not the user's to end here). */
  onBehalfBy: string | null;
  /** The customer the user (staff) acts for in this session. */
  actingFor: string | null;
  /** The admin's own session, the one asking. */
  current: boolean;
  revocable: boolean;
}

export interface AdminSessionList {
  email: string;
  sessions: AdminSessionView[];
}

export interface AuditEntryView {
  id: string;
  at: string;
  actorEmail: string;
  actorRole: string;
  customerEmail: string | null;
  action: string;
  target: string | null;
  correlationId: string | null;
  /** What the entry's change changed, before and after (none for most entries). */
  changes: AuditChange[];
}

export interface AuditPage {
  entries: AuditEntryView[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}

export const AUDIT_PAGE_SIZE = 50;
/** The most rows one CSV export holds (the newest, for the filters given). */
export const AUDIT_EXPORT_MAX_ROWS = 10_000;

export type StaffRole = 'agent' | 'admin';

export interface StaffMemberView {
  userId: string;
  email: string;
  name: string | null;
  role: StaffRole;
  active: boolean;
  lastSignInAt: string | null;
  producerId: string | null;
  phone: string | null;
  licenseNumber: string | null;
  licensedStates: string[];
}

/** A customer on the agent's screen: their policies and what waits for their confirmation. */
export interface AgentCustomerView {
  userId: string;
  email: string;
  name: string | null;
  /** For admins: the agent who serves the customer (null: the agency's own customer). */
  seller: string | null;
  /** `sharedVins`: the policy's VINs also insured on another customer's policy not cancelled (issue 30, 10c). */
  policies: Array<{ id: string; number: string; status: PolicyStatus; state: string; effectiveDate: string; sharedVins: string[] }>;
  pendingConfirmations: number;
  /** The customer's claims not yet closed, within the viewer's reach, newest first. */
  openClaims: CustomerOpenClaim[];
}

export interface CustomerOpenClaim {
  id: string;
  number: string;
  status: ClaimStatus;
}

export interface AgentCustomerPage {
  customers: AgentCustomerView[];
  page: number;
  hasMore: boolean;
}

/** GET /api/admin/privacy-requests (issue 27): open ones first, soonest due first; then the answered, latest first. */
export interface AdminPrivacyRequestList {
  requests: PrivacyRequestView[];
  page: number;
  pageSize: number;
  hasMore: boolean;
}
