import { paidForOf } from './paid-for';
import type { PaymentFailure, PaymentHistoryEntry } from '../../shared/payment/payment-history-model';
import type { RefundedCreditRow, StatementPeriodRow } from '../billing';
import type { ChargeHistoryRow, ChargeRecord } from '../payments';

/** What the history knows besides the rows: the user's policies' numbers, and the periods of the statements charged. */
export interface HistoryContext {
  policyNumbers: ReadonlyMap<string, string>;
  periods: ReadonlyMap<string, StatementPeriodRow>;
}

const cardOf = (charge: Pick<ChargeRecord, 'cardBrand' | 'cardLast4'>) => (charge.cardLast4 ? { brand: charge.cardBrand, last4: charge.cardLast4 } : null);

/** The policy a charge paid for: the one it was used for, the one it names, or its statement's. */
export function policyIdOf(charge: ChargeRecord, context: HistoryContext): string | null {
  if (charge.usedFor?.startsWith('policy:')) return charge.usedFor.slice('policy:'.length);
  if (charge.reference && context.policyNumbers.has(charge.reference)) return charge.reference;
  return (charge.reference && context.periods.get(charge.reference)?.policyId) ?? null;
}

function statusOf(charge: ChargeRecord): { status: PaymentHistoryEntry['status']; failure: PaymentFailure | null } {
  switch (charge.status) {
    case 'succeeded':
      return { status: 'succeeded', failure: null };
    case 'declined':
      return { status: 'failed', failure: charge.declineReason ?? 'card_declined' };
    case 'error':
      return { status: 'failed', failure: 'processing_error' };
    // The bank asked for the card to be confirmed and it was not (yet): nothing was taken.
    case 'requires_action':
      return { status: 'failed', failure: 'authentication_required' };
    default:
      return { status: 'pending', failure: null };
  }
}

/** A charge, or its whole refund, as a line of the history. */
export function chargeEntry(row: ChargeHistoryRow, context: HistoryContext): PaymentHistoryEntry {
  const policyId = policyIdOf(row, context);
  const period = row.reference ? context.periods.get(row.reference) : undefined;
  const refund = row.kind === 'refund';
  const { status, failure } = refund ? { status: 'succeeded' as const, failure: null } : statusOf(row);
  return {
    id: `${row.kind}-${row.id}`,
    kind: row.kind,
    status,
    at: new Date(row.at).toISOString(),
    amountCents: row.amountCents,
    card: cardOf(row),
    paidFor: paidForOf(row.purpose),
    policyNumber: (policyId && context.policyNumbers.get(policyId)) ?? null,
    period: period ? { from: period.periodStart, to: period.periodEnd } : null,
    failure,
    receipt: status === 'succeeded',
  };
}

/** A statement's credit paid back to the card that paid that base rate. */
export function creditEntry(row: RefundedCreditRow, paidWith: ChargeRecord | undefined): PaymentHistoryEntry {
  return {
    id: `credit-${row.id}`,
    kind: 'refund',
    status: 'succeeded',
    at: new Date(row.at).toISOString(),
    amountCents: row.amountCents,
    card: paidWith ? cardOf(paidWith) : null,
    paidFor: 'statement',
    policyNumber: row.policyNumber,
    period: { from: row.periodStart, to: row.periodEnd },
    failure: null,
    receipt: true,
  };
}
