import { type Actor, personOf } from '../session';
import type { ClaimSettleBlock } from '../../shared/claims/claim-settlement';

/**
 * Separation of duties on a claim's money (issue 30, item 10a): an agent filed a claim for a
 * customer and then approved it and marked it paid. A real insurer's claims are settled by
 * adjusters, never by the sales agent, and never by whoever reported the loss. Meterly has no
 * adjuster role (a role would need its own sign-in, screens and licences); admins stand for the
 * claims department, so: agents may not settle, and nobody settles a claim they filed
 * (`reportedBy`: the customer, or the staff member acting for them).
 */
export function settleBlockFor(actor: Actor, claim: { reportedBy: string }): ClaimSettleBlock | null {
  if (actor.role !== 'admin') return 'agents-do-not-settle';
  if (personOf(actor) === claim.reportedBy) return 'filed-by-you';
  return null;
}
