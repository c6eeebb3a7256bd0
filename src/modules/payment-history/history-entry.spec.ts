import { decodeCursor, encodeCursor } from './history-cursor';
import { chargeEntry, creditEntry, type HistoryContext } from './history-entry';
import { paidForOf } from './paid-for';
import { PaymentHistoryException } from './payment-history.exception';
import { receiptNumber } from './receipt-pdf';
import type { RefundedCreditRow } from '../billing/statement.repository';
import type { ChargeHistoryRow } from '../payments/charge.repository';

const POLICY = '11111111-1111-4111-8111-111111111111';
const STATEMENT = '22222222-2222-4222-8222-222222222222';

function row(overrides: Partial<ChargeHistoryRow> = {}): ChargeHistoryRow {
  return {
    id: 'abcdef12-3456-4789-8abc-def012345678',
    idempotencyKey: 'k',
    requestHash: 'h',
    userId: 'u',
    purpose: 'policy-purchase',
    reference: 'quote-1',
    description: 'd',
    amountCents: 5382,
    currency: 'usd',
    provider: 'sandbox',
    paymentMethodId: null,
    providerMethodRef: 'tok_sandbox_x',
    offSession: false,
    saveMethod: true,
    cardBrand: 'visa',
    cardLast4: '4242',
    cardExpMonth: 12,
    cardExpYear: 2029,
    status: 'succeeded',
    declineReason: null,
    providerCode: null,
    providerChargeRef: 'ch_1',
    attempts: 1,
    usedFor: `policy:${POLICY}`,
    refundedAt: null,
    providerRefundRef: null,
    createdAt: new Date('2026-11-25T10:00:00Z'),
    updatedAt: new Date('2026-11-25T10:00:00Z'),
    settledAt: new Date('2026-11-25T10:00:00Z'),
    kind: 'charge',
    at: new Date('2026-11-25T10:00:00Z'),
    atText: '2026-11-25T10:00:00.123456Z',
    ...overrides,
  };
}

const context: HistoryContext = {
  policyNumbers: new Map([[POLICY, 'MP-AZ-1000001']]),
  periods: new Map([[STATEMENT, { id: STATEMENT, policyId: POLICY, periodStart: '2026-11-25', periodEnd: '2026-12-24' }]]),
};

describe('payment history entries', () => {
  it('names what a charge paid for and the policy it bought, with the card as brand and last four only', () => {
    expect(chargeEntry(row(), context)).toEqual({
      id: 'charge-abcdef12-3456-4789-8abc-def012345678',
      kind: 'charge',
      status: 'succeeded',
      at: '2026-11-25T10:00:00.000Z',
      amountCents: 5382,
      card: { brand: 'visa', last4: '4242' },
      paidFor: 'first-payment',
      policyNumber: 'MP-AZ-1000001',
      period: null,
      failure: null,
      receipt: true,
    });
  });

  it("finds a statement's policy and period through its reference", () => {
    const entry = chargeEntry(row({ purpose: 'monthly-statement', reference: STATEMENT, usedFor: null }), context);
    expect(entry).toMatchObject({ paidFor: 'statement', policyNumber: 'MP-AZ-1000001', period: { from: '2026-11-25', to: '2026-12-24' } });
  });

  it.each([
    ['declined', 'insufficient_funds', 'insufficient_funds'],
    ['declined', null, 'card_declined'],
    ['error', null, 'processing_error'],
    ['requires_action', null, 'authentication_required'],
  ] as const)('lists a %s charge (%s) as failed with no receipt', (status, declineReason, failure) => {
    expect(chargeEntry(row({ status, declineReason, usedFor: null }), context)).toMatchObject({
      status: 'failed',
      failure,
      receipt: false,
      policyNumber: null,
    });
  });

  it('lists a charge still processing as pending, without a receipt', () => {
    expect(chargeEntry(row({ status: 'processing' }), context)).toMatchObject({ status: 'pending', receipt: false });
  });

  it('lists a whole refund as a refund of what the charge paid for, with its own receipt', () => {
    const refund = chargeEntry(
      row({ kind: 'refund', usedFor: null, refundedAt: new Date('2026-11-26T00:00:00Z'), at: new Date('2026-11-26T00:00:00Z') }),
      context,
    );
    expect(refund).toMatchObject({
      id: 'refund-abcdef12-3456-4789-8abc-def012345678',
      kind: 'refund',
      status: 'succeeded',
      paidFor: 'first-payment',
      receipt: true,
    });
  });

  it("lists a refunded credit with its statement's period and the card it went back to", () => {
    const credit = {
      id: STATEMENT,
      policyId: POLICY,
      userId: 'u',
      policyNumber: 'MP-AZ-1000001',
      state: 'AZ',
      periodStart: '2026-12-25',
      periodEnd: '2027-01-02',
      amountCents: 3100,
      refundRef: 're_1',
      at: new Date('2027-01-06T00:00:00Z'),
      atText: '2027-01-06T00:00:00.000000Z',
      chargeId: 'c',
    } satisfies RefundedCreditRow;
    expect(creditEntry(credit, row({ cardLast4: '1881', cardBrand: 'visa' }))).toMatchObject({
      id: `credit-${STATEMENT}`,
      kind: 'refund',
      amountCents: 3100,
      card: { brand: 'visa', last4: '1881' },
      period: { from: '2026-12-25', to: '2027-01-02' },
    });
  });

  it.each([
    ['policy-purchase', 'first-payment'],
    ['policy-confirmation', 'first-payment'],
    ['monthly-statement', 'statement'],
    ['policy-change', 'policy-change'],
    ['endorsement', 'policy-change'],
    ['something-new', 'other'],
  ])('reads the purpose %s as %s', (purpose, paidFor) => {
    expect(paidForOf(purpose)).toBe(paidFor);
  });

  it('numbers receipts by kind and id', () => {
    expect(receiptNumber({ id: 'charge-abcdef12-3456-4789-8abc-def012345678', kind: 'charge' })).toBe('P-ABCDEF12');
    expect(receiptNumber({ id: `credit-${STATEMENT}`, kind: 'refund' })).toBe('R-22222222');
  });
});

describe('history cursors', () => {
  it('carry the last entry to the microsecond, and refuse what we did not make', () => {
    const cursor = { at: '2026-11-25T10:00:00.123456Z', id: STATEMENT };
    expect(decodeCursor(encodeCursor(cursor))).toEqual(cursor);
    expect(decodeCursor(undefined)).toBeNull();
    for (const bad of [
      'x',
      Buffer.from(`2026-11-25~${STATEMENT}`).toString('base64url'),
      Buffer.from(`2026-13-45T99:00:00.000000Z~${STATEMENT}`).toString('base64url'),
    ]) {
      expect(() => decodeCursor(bad)).toThrow(PaymentHistoryException);
    }
  });
});
