import type { StatementLine } from './statement-line';

/**
 * What a cancellation on a chosen day comes to: the final statement's own lines (billing's
 * `statementLines` for the period the day ends, priced with the miles in so far), so the figure
 * shown before confirming is the one the final statement will bill if no more miles come.
 */
export interface CancellationQuote {
  /** The last day covered (YYYY-MM-DD): cover ends at the end of it in the policy's state. */
  date: string;
  /** The final statement's period: from its start to the last day covered. */
  from: string;
  to: string;
  /** The base rate paid ahead for days after the last day covered, given back (positive cents). */
  creditCents: number;
  /** The miles billed for the period so far (and any corrected day of an earlier one). */
  miles: number;
  milesCents: number;
  /** Policy changes' base rate differences in the period (signed). */
  changesCents: number;
  /** The final statement's total: negative is a refund to the card, positive is due. */
  totalCents: number;
  lines: StatementLine[];
  /** 'quote': the miles in so far; 'final': the final statement is made and these are its lines. */
  basis: 'quote' | 'final';
}

/** The quote from a final statement's lines (or those it will have). */
export function cancellationFigures(lines: StatementLine[]): Pick<CancellationQuote, 'creditCents' | 'miles' | 'milesCents' | 'changesCents' | 'totalCents'> {
  const sum = (kinds: StatementLine['kind'][]) => lines.filter((line) => kinds.includes(line.kind)).reduce((total, line) => total + line.amountCents, 0);
  const miles = lines.filter((line) => line.kind === 'miles' || line.kind === 'mileage-adjustment').reduce((total, line) => total + (line.miles ?? 0), 0);
  return {
    creditCents: -sum(['base-rate-credit']),
    miles: Math.round(miles * 100) / 100,
    milesCents: sum(['miles', 'mileage-adjustment']),
    changesCents: sum(['policy-change']),
    totalCents: lines.reduce((total, line) => total + line.amountCents, 0),
  };
}
