import type { PolicyView } from './policy-model';

/**
 * Issue 27, a household: a second named insured invited by the first named insured (the policy's
 * owner) with one role. What each role allows is decided here, once, for the server's checks and
 * the browser's texts (docs/decisions.md, "Issue 27: a household").
 */

/** The roles an owner may give: see only, pay, report a claim, make changes. */
export const HOUSEHOLD_ROLES = ['view', 'pay', 'claim', 'change'] as const;
export type HouseholdRole = (typeof HOUSEHOLD_ROLES)[number];

/**
 * What a route needs of its caller on a policy: `view` (read it, its documents, miles, bills,
 * claims), `pay` (pay what is owed), `claim` (report a claim, add to one), `change` (policy
 * changes, billing day and budget, odometer readings and disputes, reinstatement), `owner` (the
 * first named insured alone: cancel, confirm and sign, share-proof links, the household).
 */
export type PolicyNeed = HouseholdRole | 'owner';

/** A caller's access to a policy: its owner, a member with a role, or none. */
export type PolicyAccessLevel = 'owner' | HouseholdRole;

const ALLOWS: Record<HouseholdRole, readonly PolicyNeed[]> = {
  view: ['view'],
  pay: ['view', 'pay'],
  claim: ['view', 'claim'],
  change: ['view', 'pay', 'claim', 'change'],
};

/** Whether `access` may do what `need` names. */
export function accessAllows(access: PolicyAccessLevel, need: PolicyNeed): boolean {
  return access === 'owner' || ALLOWS[access].includes(need);
}

/** An invitation lasts 14 days, then cannot be accepted (a new one can be sent). */
export const HOUSEHOLD_INVITATION_DAYS = 14;
export const HOUSEHOLD_INVITATION_LIFETIME_MS = HOUSEHOLD_INVITATION_DAYS * 24 * 60 * 60 * 1000;

/** Invitations and members a policy may have at once (pending or active). */
export const HOUSEHOLD_LIVE_MAX = 5;

/** Where an invitation stands. */
export type HouseholdState = 'pending' | 'active' | 'expired' | 'revoked' | 'left';

/** An invitation or membership as its policy's owner sees it. */
export interface HouseholdMemberView {
  id: string;
  name: string;
  email: string;
  role: HouseholdRole;
  state: HouseholdState;
  createdAt: string;
  expiresAt: string;
  acceptedAt: string | null;
  removedAt: string | null;
}

/** A policy shared with the signed-in person, as they see it. */
export interface SharedPolicyView {
  membershipId: string;
  policyId: string;
  policyNumber: string;
  ownerName: string;
  role: HouseholdRole;
  status: PolicyView['status'];
  state: PolicyView['state'];
  cancellationDate: string | null;
  acceptedAt: string;
}

/** An invitation waiting for the signed-in person (to their e-mail). */
export interface InvitationForMeView {
  id: string;
  policyNumber: string;
  ownerName: string;
  role: HouseholdRole;
  expiresAt: string;
}

/** GET /api/household: the Household panel's one read. */
export interface HouseholdView {
  /** The caller's own policies, each with who it is shared with (newest first). */
  owned: { policyId: string; policyNumber: string; members: HouseholdMemberView[] }[];
  /** Policies shared with the caller. */
  shared: SharedPolicyView[];
  /** Invitations to the caller's e-mail they can accept. */
  invitations: InvitationForMeView[];
}
