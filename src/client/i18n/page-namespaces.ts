import type { RoutePageId } from '../app/page-registry';

/**
 * The text namespaces a page needs besides `common`: its own, and those of components that
 * several pages share (each such component reads its own namespace). The server puts them all
 * in the page; the browser fetches them with the page's code.
 */
const SHARED_BY_PAGE: Partial<Record<RoutePageId, readonly string[]>> = {
  login: ['sign-in'],
  // IncidentFields (components/incidents): the quote's driver, the application's other drivers, a driver added to a policy.
  quote: ['sign-in', 'pricing', 'incidents'],
  'quote-application': ['quote', 'pricing', 'incidents'],
  'quote-products': ['quote', 'pricing'],
  'quote-coverage': ['quote', 'pricing'],
  // CardEntry (components/payment): the card at purchase and the profile's "replace card".
  // The policy namespace: status, facts, documents and the signature (components/policy).
  'quote-payment': ['quote', 'pricing', 'payment', 'policy'],
  'quote-purchased': ['policy'],
  // The profile's payment history, saved quote, trips, claims and policy changes (issue 16);
  // pricing for the states' names a change's refusal gives (issue 26).
  profile: ['payment', 'policy', 'history', 'claims', 'policy-changes', 'period-bill', 'incidents', 'pricing'],
  agent: ['policy'],
  // Issue 16: the admin screens share their navigation and texts (features/admin).
  'admin-sessions': ['admin'],
  'admin-audit': ['admin'],
  'admin-staff': ['admin'],
  'admin-privacy': ['admin'],
  'agent-customers': ['policy', 'agent', 'claims'],
  // The claim's facts, history and states (components/claims), shared with the profile.
  'staff-claims': ['claims'],
};

export function namespacesFor(pageId: RoutePageId): string[] {
  return [pageId, ...(SHARED_BY_PAGE[pageId] ?? [])];
}
