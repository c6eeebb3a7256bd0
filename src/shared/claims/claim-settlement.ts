import type { ClaimStatus } from './claim-states';

/**
 * Settling a claim is deciding its money: approving or denying it, marking it paid, or closing an
 * approved claim unpaid. Who may settle (issue 30, item 10a; the rule on the server is
 * src/modules/claims/claim-settlement.ts): an admin, who stands for the insurer's claims
 * department (adjusters), and never the person who filed the report, themselves or acting for
 * the customer. Agents sell and triage (reported → under review, or closed as a duplicate).
 */
export function settles(from: ClaimStatus, to: ClaimStatus): boolean {
  return to === 'approved' || to === 'denied' || to === 'paid' || (from === 'approved' && to === 'closed');
}

/** Why the person asking may not settle a claim: they are not an admin, or they filed it. */
export const CLAIM_SETTLE_BLOCKS = ['agents-do-not-settle', 'filed-by-you'] as const;
export type ClaimSettleBlock = (typeof CLAIM_SETTLE_BLOCKS)[number];
