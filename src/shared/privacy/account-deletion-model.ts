/**
 * Deleting an account (issue 27): what stops it for now, and what the customer is told when they
 * ask (docs/decisions.md, "Issue 27: deleting an account").
 */

/** How long the confirmation link mailed to the customer lasts. */
export const DELETION_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/**
 * Why the account cannot be deleted today, each with what the customer does about it:
 * - `policy-in-force`: a policy covers (or will cover) a car; cancel it first (its card's Cancel);
 * - `final-bill-pending`: a policy has ended but its final statement is not made yet (a few days
 *   after the last day, once late miles are in); wait for it, and pay it;
 * - `balance-owed`: a statement is unpaid (due, being charged or declined); pay it first;
 * - `refund-pending`: we owe the customer a refund of a credit; wait until it is paid back;
 * - `open-claim`: a claim is not settled yet; it must be closed first (the claims team);
 * - `open-dispute`: a mile dispute waits for staff's decision.
 */
export const DELETION_BLOCKER_KINDS = ['policy-in-force', 'final-bill-pending', 'balance-owed', 'refund-pending', 'open-claim', 'open-dispute'] as const;
export type DeletionBlockerKind = (typeof DELETION_BLOCKER_KINDS)[number];

export interface DeletionBlocker {
  kind: DeletionBlockerKind;
  /** The policy's number, or the claim's. */
  reference: string;
  /** The policy's id (to reach its card), when the blocker is a policy's. */
  policyId: string | null;
}

/** GET /api/account/deletion: whether the account can be deleted now, and what stops it. */
export interface DeletionPreview {
  blockers: DeletionBlocker[];
}

/** POST /api/account/deletion: the request opened (or the one open already) and where its link went. */
export interface DeletionAsked {
  requestId: string;
  sentTo: string;
  expiresAt: string;
}

/** POST /api/account/deletion/confirm (as JSON): the account is deleted (now, or by an earlier confirm of the same link). */
export interface DeletionDone {
  deleted: true;
  requestId: string;
}
