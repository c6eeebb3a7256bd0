import { addDays } from '../dates/iso-day';

/**
 * How many days before a term ends Meterly decides its renewal and tells the customer (issue 26):
 * each state's notice period for an insurer's non-renewal, so that the day the renewal offer goes
 * out is also a lawful day to say Meterly will not renew (docs/pricing.md, "Renewal and
 * non-renewal notices"; sources in docs/research/state-notices.md, Q3). Illinois asks 60 days
 * once a policy has been in force five years: none of ours has been yet.
 */
export const RENEWAL_NOTICE_DAYS: Readonly<Record<string, number>> = {
  AZ: 45, // A.R.S. § 20-1632(A)
  IL: 30, // 215 ILCS 5/143.17 (policies in force under five years)
  OR: 30, // ORS 742.560–742.572
  PA: 60, // 40 P.S. § 991.2006
  TX: 60, // Tex. Ins. Code § 551.105 (policies renewed on or after 2024-01-01)
};

/** A state not in the table gets the longest of them. */
export const DEFAULT_RENEWAL_NOTICE_DAYS = 60;

/** The first of the policy's days on which its renewal is decided and the customer told. */
export function renewalNoticeDay(termEndDate: string, state: string): string {
  return addDays(termEndDate, -(RENEWAL_NOTICE_DAYS[state] ?? DEFAULT_RENEWAL_NOTICE_DAYS));
}
