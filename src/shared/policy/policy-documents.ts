import type { PolicyDocument, PolicyView } from './policy-model';

/**
 * The documents a policy offers on `today` (its state's day): none is proof of cover it no longer
 * gives. A policy waiting for the customer's signature has no ID card yet; a cancelled one has
 * its cancellation notice, and its ID card only until the end of its last covered day (the server
 * refuses it after). My account draws its documents and its share-proof links by it, and the
 * server reads the links with the page by it too.
 */
export function policyDocuments(policy: Pick<PolicyView, 'status' | 'cancellationDate'>, today: string): PolicyDocument[] {
  if (policy.status === 'pending-confirmation') return ['declarations'];
  if (policy.status === 'active') return ['id-card', 'declarations'];
  const covered = policy.cancellationDate !== undefined && today <= policy.cancellationDate;
  // An expired policy (not renewed, issue 26) was not cancelled: no cancellation notice.
  return [...(covered ? (['id-card'] as const) : []), 'declarations', ...(policy.status === 'cancelled' ? (['cancellation-notice'] as const) : [])];
}
