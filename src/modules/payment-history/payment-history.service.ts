import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { isoDay } from '../../shared/dates/iso-day';
import { stateDay } from '../../shared/dates/state-day';
import { StaffScope } from '../agent';
import { AuditService } from '../audit';
import { BillingService } from '../billing';
import { PaymentsService } from '../payments';
import { PolicyRecords } from '../policy';
import { UsersService } from '../users';
import { decodeCursor, encodeCursor } from './history-cursor';
import { chargeEntry, creditEntry, type HistoryContext } from './history-entry';
import { paidForOf } from './paid-for';
import { PaymentHistoryErrorCode, PaymentHistoryException } from './payment-history.exception';
import { ReceiptDocuments } from './receipt-documents';
import type { Locale } from '../../shared/locale';
import type { PaymentHistoryEntry, PaymentHistoryPage } from '../../shared/payment/payment-history-model';
import type { ChargeHistoryRow } from '../payments';
import type { PolicyRow } from '../policy';
import type { Actor, SignedInActor } from '../session';

/** A receipt's entry, whose it is (and their policies, for who may see it), and the processor's reference. */
interface FoundReceipt {
  entry: PaymentHistoryEntry;
  userId: string;
  policies: PolicyRow[];
  reference: string | null;
}

const ENTRY_ID = /^(charge|refund|credit)-([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12})$/;

/** An entry as it sorts: newest first, then by id, as both sources' SQL orders them. */
interface Sortable {
  atText: string;
  rowId: string;
  entry: () => PaymentHistoryEntry;
}

const newestFirst = (a: Sortable, b: Sortable) => (a.atText === b.atText ? (a.rowId < b.rowId ? 1 : -1) : a.atText < b.atText ? 1 : -1);

/**
 * The customer's payment history: every charge (paid, failed, processing), every refund, each
 * paid one with a PDF receipt. Read from their owners (charges from payments, credits from
 * billing, policy numbers from policy); writes nothing but the audit entry of staff reading a receipt.
 */
@Injectable()
export class PaymentHistoryService {
  constructor(
    private readonly payments: PaymentsService,
    private readonly billing: BillingService,
    private readonly policies: PolicyRecords,
    private readonly users: UsersService,
    private readonly audit: AuditService,
    private readonly receipts: ReceiptDocuments,
    private readonly clock: Clock,
  ) {}

  /** A page of the signed-in customer's history (staff acting for them: the customer's), newest first. */
  async page(actor: SignedInActor, cursor: string | undefined, limit: number): Promise<PaymentHistoryPage> {
    const userId = actor.userId;
    const before = decodeCursor(cursor);
    // One more than the page from each source: whether an older page exists.
    const [charges, credits, policies] = await Promise.all([
      this.payments.history(userId, before, limit + 1),
      this.billing.refundedCredits(userId, before, limit + 1),
      this.policies.listForUser(userId),
    ]);
    const context = await this.context(policies, charges);
    const paidWith = new Map(await Promise.all(credits.map(async (c) => [c.id, c.chargeId ? await this.payments.findById(c.chargeId) : undefined] as const)));
    const merged: Sortable[] = [
      ...charges.map((row) => ({ atText: row.atText, rowId: row.id, entry: () => chargeEntry(row, context) })),
      ...credits.map((row) => ({ atText: row.atText, rowId: row.id, entry: () => creditEntry(row, paidWith.get(row.id)) })),
    ].sort(newestFirst);
    const shown = merged.slice(0, limit);
    const last = shown[shown.length - 1];
    return { entries: shown.map((s) => s.entry()), next: merged.length > limit && last ? encodeCursor({ at: last.atText, id: last.rowId }) : null };
  }

  private async context(policies: PolicyRow[], charges: ChargeHistoryRow[]): Promise<HistoryContext> {
    const statementIds = [...new Set(charges.filter((c) => paidForOf(c.purpose) === 'statement' && c.reference).map((c) => c.reference!))];
    const periods = await this.billing.periodsOf(statementIds);
    return { policyNumbers: new Map(policies.map((p) => [p.id, p.number])), periods: new Map(periods.map((p) => [p.id, p])) };
  }

  /**
   * A receipt as a PDF: for the customer whose payment it is (staff acting for them too), an
   * admin, or the agent who sold them a policy; anyone else is told there is no such receipt.
   * Staff reading one are audited.
   */
  async receipt(actor: SignedInActor, entryId: string, locale: Locale | undefined): Promise<{ pdf: Buffer; fileName: string }> {
    const match = ENTRY_ID.exec(entryId);
    if (!match) throw new PaymentHistoryException(PaymentHistoryErrorCode.ReceiptNotFound);
    const [, kind, id] = match as unknown as [string, 'charge' | 'refund' | 'credit', string];
    const found = kind === 'credit' ? await this.credit(id) : await this.charge(kind, id);
    if (!found) throw new PaymentHistoryException(PaymentHistoryErrorCode.ReceiptNotFound);
    const { entry, userId, policies } = found;
    if (!this.within(actor, userId, policies)) throw new PaymentHistoryException(PaymentHistoryErrorCode.ReceiptNotFound);
    const customer = (await this.users.findById(userId))!;
    if (actor.staff || actor.userId !== userId) {
      await this.audit.record(actor, 'payments.receipt', { target: entryId, customer: { id: customer.id, email: customer.email } });
    }
    // The policy's own days, as its statements count them; UTC's for a payment that paid for none.
    const state = policies.find((p) => p.number === entry.policyNumber)?.state;
    const day = (at: Date) => (state ? stateDay(at, state) : isoDay(at));
    return this.receipts.render({
      entry,
      paidOn: day(new Date(entry.at)),
      issuedOn: day(this.clock.now()),
      customer: { name: customer.name, email: customer.email },
      locale: locale ?? customer.locale,
      reference: found.reference,
    });
  }

  /** Whose receipts the actor may read: their own (or their customer's, acting for them), an admin all, an agent their customers'. */
  private within(actor: Actor, userId: string, policies: PolicyRow[]): boolean {
    if (actor.userId === userId) return true;
    if (actor.staff) return false;
    const scope = StaffScope.of(actor);
    return scope.all || policies.some((p) => scope.covers(p.producerId));
  }

  private async charge(kind: 'charge' | 'refund', id: string): Promise<FoundReceipt | undefined> {
    const charge = await this.payments.findById(id);
    if (!charge || charge.status !== 'succeeded' || (kind === 'refund' && !charge.refundedAt)) return undefined;
    const at = kind === 'refund' ? charge.refundedAt! : charge.createdAt;
    const policies = await this.policies.listForUser(charge.userId);
    const row: ChargeHistoryRow = { ...charge, kind, at, atText: new Date(at).toISOString() };
    return {
      entry: chargeEntry(row, await this.context(policies, [row])),
      userId: charge.userId,
      policies,
      reference: kind === 'refund' ? charge.providerRefundRef : charge.providerChargeRef,
    };
  }

  private async credit(id: string): Promise<FoundReceipt | undefined> {
    const credit = await this.billing.findRefundedCredit(id);
    if (!credit) return undefined;
    const paidWith = credit.chargeId ? await this.payments.findById(credit.chargeId) : undefined;
    return {
      entry: creditEntry(credit, paidWith),
      userId: credit.userId,
      policies: await this.policies.listForUser(credit.userId),
      reference: credit.refundRef,
    };
  }
}
