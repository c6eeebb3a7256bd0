/** What a finished period cost against a flat rate: the only savings we state, since they are known, not forecast. */
export interface BilledSavings {
  from: string;
  to: string;
  /** The flat rate for the days covered, what the period cost, and the difference (negative: it cost more). */
  flatCents: number;
  paidCents: number;
  savingsCents: number;
}
