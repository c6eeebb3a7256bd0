/**
 * Issue 27, share-proof links: a link a customer makes for a lender, a landlord or a rental desk
 * that shows what the ID card shows, for 24 hours or until revoked.
 */

/** How long a link shows the card: 24 hours from when it was made. */
export const PROOF_LINK_LIFETIME_MS = 24 * 60 * 60 * 1000;

/** The links a policy may have live at once (a customer who needs more revokes one). */
export const PROOF_LINKS_LIVE_MAX = 10;

/** A live link as its owner sees it (GET /api/policies/:id/proof-links). Never its token. */
export interface ProofLinkView {
  id: string;
  /** The car it shows; null: every car of the policy. */
  vehicleIndex: number | null;
  createdAt: string;
  expiresAt: string;
  /** Who made it: the customer, or staff acting for them. */
  madeBy: 'customer' | 'staff';
  views: number;
  lastViewedAt: string | null;
}

/** The answer of POST /api/policies/:id/proof-links: the link with its URL, shown this once. */
export interface ProofLinkCreated extends ProofLinkView {
  /** The whole link to give away: the only time its token is ever sent. */
  url: string;
}

/** What the proof page shows, in its language: the ID card's facts, nothing more. */
export interface ProofOfInsuranceFacts {
  insurer: string;
  insurerNaic: string;
  agency: string;
  policyNumber: string;
  state: string;
  effective: string;
  insured: string;
  address: string;
  liability: string;
  vehicles: { vehicleIndex: number; name: string; vin: string | null; expires: { date: string; leaving: boolean } }[];
}
