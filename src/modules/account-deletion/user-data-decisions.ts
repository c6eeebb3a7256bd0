/**
 * What deleting an account does with each column that points at a user (issue 27): every
 * foreign key to users, and the user-keyed columns without one. The e2e test
 * (test/e2e/account-deletion) reads information_schema and fails on a foreign key to users that
 * is not listed here: a new table holding a user's data needs a decision before it ships.
 * The reasons and periods are docs/decisions.md's, "Issue 27: deleting an account".
 *
 * - `erase`: the rows (or the personal fields) go in the deletion's transaction;
 * - `keep`: a record the law makes us keep (insurance, tax, payment, audit, the request itself);
 * - `staff`: names a staff member's account (who acted), never the deleted customer's data.
 */
export type UserDataDecision = 'erase' | 'keep' | 'staff';

export const USER_DATA_DECISIONS: Readonly<Record<string, UserDataDecision>> = {
  // Foreign keys to users("id").
  'account_deletion_links.user_id': 'keep', // the request's confirmation record: no personal data but the id
  'agents.user_id': 'staff', // staff only; staff accounts are not deleted this way
  'claim_events.actor_id': 'keep', // a claim's history: insurance record
  'claim_messages.author_id': 'keep', // what was said about a claim: insurance record, as its events
  'claims.reported_by': 'keep',
  'claims.user_id': 'keep', // the claim, its photos and events: insurance record
  'consent_records.user_id': 'keep', // append-only proof of each cookie decision (by analytics id; no name or e-mail); its ids' analytics events go
  'data_exports.user_id': 'erase', // copies of the account's data: the data itself
  'coverage_rejections.staff_user_id': 'staff', // a bought quote's signed rejection stays with it; an unbought one's goes with the quote
  'household_members.member_user_id': 'erase', // access grants (and the invited person's name and e-mail), not insurance records: the policies stay
  'location_choices.user_id': 'erase',
  'mile_disputes.decided_by': 'staff', // the dispute stays (a billing decision), its photo with it
  'mobile_devices.user_id': 'erase', // tokens revoked, names cleared; rows stay as their trips' source
  'payment_charges.user_id': 'keep', // payment and tax record
  'payment_customers.user_id': 'keep', // the payment provider's customer: refunds and chargebacks of kept charges
  'payment_methods.user_id': 'keep', // brand, last four and expiry named by kept charges
  'policies.staff_user_id': 'staff',
  'policies.user_id': 'keep', // the policy, its terms and documents: insurance record
  'policy_changes.proposed_by': 'keep',
  'policy_transactions.made_by': 'keep',
  'policy_transactions.on_behalf_by': 'staff',
  'privacy_requests.user_id': 'keep', // the request and its answer: 24 months (CCPA regulations 7102)
  'purchase_requests.user_id': 'erase', // attempts that bought nothing; a bought policy's stays with it
  'quotes.staff_user_id': 'staff',
  'quotes.user_id': 'erase', // quotes never bought; a bought quote is the policy's application, kept
  'sign_in_codes.user_id': 'erase', // and every code sent to the e-mail
  // User-keyed columns without a foreign key.
  'analytics_events.user_id': 'erase', // and every event of the analytics ids the account used
  'audit_log.customer_user_id': 'keep', // who did what to insurance records
  'page_data_versions.user_id': 'keep', // a counter of changes to My account's data (issue 29's read model): nothing of the person
  'session.user_id': 'erase', // signed out everywhere
  'users.id': 'erase', // the row stays, de-identified: deleted-<id>@invalid, no name
};
