import { addDays } from '../dates/iso-day';

/**
 * Days from the notice of cancellation for non-payment to the day cover ends (issue 26): each
 * state's minimum after the notice is sent, plus three days for the mailed copy to arrive
 * (docs/pricing.md, "Missed payments"; sources in docs/research/state-notices.md, Q1). Arizona
 * asks a 7-day grace period and lets the cancellation take effect on mailing: Meterly gives ten.
 */
export const NON_PAYMENT_NOTICE_DAYS: Readonly<Record<string, number>> = {
  AZ: 10, // A.R.S. § 20-1632.01: 7-day grace, then notice
  IL: 13, // 215 ILCS 5/143.14: 10 days after mailing
  OR: 13, // ORS 742.564(1): 10 days
  PA: 18, // 40 P.S. § 991.2006: 15 days for non-payment
  TX: 13, // Tex. Ins. Code § 551.104(e): the 10th day after mailing
};

/** A state not in the table gets the longest. */
export const DEFAULT_NON_PAYMENT_NOTICE_DAYS = 18;

/** The first day without cover if the balance is not paid: `today` plus the state's notice. */
export function nonPaymentCancellationDay(today: string, state: string): string {
  return addDays(today, NON_PAYMENT_NOTICE_DAYS[state] ?? DEFAULT_NON_PAYMENT_NOTICE_DAYS);
}
