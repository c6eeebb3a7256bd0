/**
 * A privacy request as the admin screen and the customer see it (issue 27). The laws Meterly
 * answers under (CPRA, TDPSA, OCPA) each give 45 days from receipt, once extendable by 45 more
 * with notice to the customer (docs/decisions.md, "privacy requests").
 */

/** What the customer asked for: a copy of their data, its deletion, or to erase the routes kept. */
export const PRIVACY_REQUEST_KINDS = ['access', 'deletion', 'location-erase'] as const;
export type PrivacyRequestKind = (typeof PRIVACY_REQUEST_KINDS)[number];

/** Open until answered: completed (done as asked), denied (with the reason the law allows), withdrawn (by the customer). */
export const PRIVACY_REQUEST_STATUSES = ['open', 'completed', 'denied', 'withdrawn'] as const;
export type PrivacyRequestStatus = (typeof PRIVACY_REQUEST_STATUSES)[number];

/** Days the law gives to answer, from receipt. */
export const PRIVACY_ANSWER_DAYS = 45;
/** Days one extension adds (notice to the customer, with the reason, inside the first 45). */
export const PRIVACY_EXTENSION_DAYS = 45;

export interface PrivacyRequestView {
  id: string;
  kind: PrivacyRequestKind;
  status: PrivacyRequestStatus;
  /** The customer's user id; null once the account is deleted (the request's record stays, by its e-mail). */
  userId: string | null;
  email: string;
  /** Whether staff opened it for the customer (on the phone) rather than the customer on the site. */
  openedByStaff: boolean;
  receivedAt: string;
  /** The answer's deadline: the end of the 45th calendar day after receipt, 45 more once extended (privacy-answer-due.ts). */
  dueAt: string;
  extendedAt: string | null;
  extensionReason: string | null;
  closedAt: string | null;
  /** Why denied, or what was kept and why when completed in part (a deletion keeps insurance records). */
  outcomeNote: string | null;
}
