/**
 * A claim (first notice of loss) as both sides see it: what was reported, where it stands, and
 * the notes staff wrote to the customer. The states and who may move them: claim-states.ts.
 */
import type { NextStep } from './claim-next-steps';
import type { ClaimSettleBlock } from './claim-settlement';
import type { ClaimStatus } from './claim-states';

export const CLAIM_KINDS = ['accident', 'theft'] as const;
export type ClaimKind = (typeof CLAIM_KINDS)[number];

/** Photos of a report: at most this many, each a JPEG, PNG or WebP (by its bytes, on the server) of at most 2 MB. */
export const CLAIM_PHOTO_LIMIT = 5;
export const CLAIM_PHOTO_MAX_BYTES = 2 * 1024 * 1024;
export const CLAIM_PHOTO_TYPES = ['image/jpeg', 'image/png', 'image/webp'] as const;
export type ClaimPhotoType = (typeof CLAIM_PHOTO_TYPES)[number];

/** The longest texts a report and a staff note take. */
export const CLAIM_TEXT_LIMITS = { location: 200, description: 4000, otherParty: 500, policeReport: 40, note: 2000 } as const;

/**
 * What the customer sends (POST /api/claims, with an Idempotency-Key header): a small JSON. Its
 * photos follow, each as its own request with the image itself as the body
 * (POST /api/claims/:id/photos), read only once the claim is known to be the caller's.
 */
export interface NewClaim {
  policyId: string;
  vehicleIndex: number;
  kind: ClaimKind;
  /** When it happened: an ISO instant, not in the future, not before the policy started. */
  occurredAt: string;
  location: string;
  description: string;
  otherParty?: string;
  policeReport?: string;
  injuries: boolean;
}

/** A step of a claim's life: its report, then each change of state with the note the customer sees. */
export interface ClaimEventView {
  status: ClaimStatus;
  note: string | null;
  at: string;
}

export interface ClaimView {
  id: string;
  /** CLM-2026-000123 */
  number: string;
  policyId: string;
  policyNumber: string;
  vehicleIndex: number;
  /** "2019 Honda Civic" */
  vehicle: string;
  kind: ClaimKind;
  status: ClaimStatus;
  occurredAt: string;
  location: string;
  description: string;
  otherParty: string | null;
  policeReport: string | null;
  injuries: boolean;
  photoIds: string[];
  createdAt: string;
  updatedAt: string;
  /** Oldest first. */
  events: ClaimEventView[];
  /** What happens next and by which day (the policy's state's), claim-next-steps.ts. */
  nextSteps: NextStep[];
  /** Who handles it: the agent who sold the policy, or Meterly's claims team (CLAIMS_PHONE). */
  handler: ClaimHandler;
  /** The messages between the customer and the claims staff, oldest first (issue 27). */
  messages: ClaimMessageView[];
  /** Until when the claim takes messages: null while it is open, 60 days after it closed (claim-messages.ts). */
  messagesUntil: string | null;
}

/** Whose voice a message is: the customer's (written by them, or by staff for them) or Meterly's claims staff. */
export type ClaimMessageSide = 'customer' | 'staff';

/** One message on a claim. */
export interface ClaimMessageView {
  id: string;
  side: ClaimMessageSide;
  /** A staff message written by an agent: the agent's name; otherwise null (the Meterly claims team, or the customer). */
  author: string | null;
  /** A customer's message written for them by staff acting on their behalf (on a call). */
  onBehalf: boolean;
  /**
   * A customer-side message typed by a household member of the claim's policy, not its owner
   * (issue 27): the member's name ('' when their account has none); null otherwise.
   */
  member: string | null;
  /** Whether the customer reading the claim typed it themselves (false in staff's views). */
  mine: boolean;
  body: string;
  at: string;
}

export type ClaimHandler = { kind: 'agent'; name: string; email: string; phone: string } | { kind: 'team' };

/** A claim in staff's list and detail: whose it is, and who sold the policy. */
export interface StaffClaimView extends ClaimView {
  customerEmail: string;
  producerId: string | null;
  /** Why the staff member asking may not approve, deny or pay it (claim-settlement.ts); null when they may. */
  settleBlocked: ClaimSettleBlock | null;
}
