/**
 * A claim's states and the moves staff may make between them: reported → under review →
 * approved or denied; an approved claim is paid; any decided claim (and a report that is a
 * duplicate or withdrawn) is closed. Closed is the end.
 */
export const CLAIM_STATUSES = ['reported', 'under_review', 'approved', 'denied', 'paid', 'closed'] as const;
export type ClaimStatus = (typeof CLAIM_STATUSES)[number];

const NEXT: Record<ClaimStatus, readonly ClaimStatus[]> = {
  reported: ['under_review', 'closed'],
  under_review: ['approved', 'denied'],
  approved: ['paid', 'closed'],
  denied: ['closed'],
  paid: ['closed'],
  closed: [],
};

/** Where a claim in `from` may go next, in the order staff are offered them. */
export function nextStatuses(from: ClaimStatus): readonly ClaimStatus[] {
  return NEXT[from];
}

export function canMove(from: ClaimStatus, to: ClaimStatus): boolean {
  return NEXT[from].includes(to);
}

/** Whether staff still have work on the claim (it is not closed). */
export function isOpenClaim(status: ClaimStatus): boolean {
  return status !== 'closed';
}
