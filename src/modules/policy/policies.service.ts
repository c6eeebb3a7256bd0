import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { addMonths } from '../../shared/dates/iso-day';
import { stateDay } from '../../shared/dates/state-day';
import { billingDayOf, TERM_MONTHS, type PolicyDocument, type PolicyView, type SoldPolicyView } from '../../shared/policy/policy-model';
import { unsignedRejections } from '../../shared/quote/coverage-rejections';
import { AgentLicenceService, StaffScope } from '../agent';
import { AuditService } from '../audit';
import { chargeRefusal, PaymentsService } from '../payments';
import { CoverageRejectionRecords } from '../quote';
import { UsersService } from '../users';
import { CancellationFigures } from './cancellation-figures';
import { CancellationRepository } from './cancellation.repository';
import { customerSignature } from './customer-signature';
import { PolicyAccess } from './household/policy-access';
import { namedInsuredName } from './named-insured';
import { PolicyDocumentsService } from './policy-documents.service';
import { PolicyNotifications } from './policy-notifications.service';
import { policyView } from './policy-view';
import { PolicyErrorCode, PolicyException } from './policy.exception';
import { PolicyRepository, type PolicyRow } from './policy.repository';
import { underwritingComplete } from './underwriting-complete';
import { VinCheckService } from './vin-check.service';
import type { CancellationQuote } from '../../shared/billing/cancellation-quote';
import type { Locale } from '../../shared/locale';
import type { HouseholdRole, PolicyNeed } from '../../shared/policy/household-model';
import type { Actor, SignedInActor } from '../session';
import type { CancellationNotice } from './documents/cancellation-notice';
import type { CancelPolicyDto, ConfirmPolicyDto } from './policy.dto';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export const CONFIRMATION = 'policy-confirmation';

/** A policy after it is issued: read, its documents, the customer's confirmation, cancellation. */
@Injectable()
export class PoliciesService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly policies: PolicyRepository,
    private readonly payments: PaymentsService,
    private readonly documents: PolicyDocumentsService,
    private readonly notify: PolicyNotifications,
    private readonly audit: AuditService,
    private readonly licences: AgentLicenceService,
    private readonly users: UsersService,
    private readonly vins: VinCheckService,
    private readonly rejections: CoverageRejectionRecords,
    private readonly cancellations: CancellationRepository,
    private readonly figures: CancellationFigures,
    private readonly access: PolicyAccess,
  ) {}

  async list(actor: SignedInActor): Promise<PolicyView[]> {
    return (await this.listWithRows(actor)).map(({ view }) => view);
  }

  /** `list`, each view with the row it was made from (My account's server render reads each policy once for all its blocks). */
  async listWithRows(actor: SignedInActor): Promise<{ row: PolicyRow; view: PolicyView }[]> {
    return Promise.all((await this.policies.listForUser(actor.userId)).map(async (row) => ({ row, view: await this.viewWithRejections(row) })));
  }

  /**
   * The policies shared with the caller (issue 27), each with their role, as GET /api/policies/:id
   * answers it and its row: My account's shared cards, read through PolicyAccess as each request of theirs is.
   */
  async sharedWithRows(actor: SignedInActor): Promise<{ row: PolicyRow; view: PolicyView; role: HouseholdRole }[]> {
    const shared = await this.access.sharedWith(actor.userId);
    return Promise.all(shared.map(async ({ row, role }) => ({ row, role, view: await this.viewWithRejections(row) })));
  }

  async get(actor: SignedInActor, id: string): Promise<PolicyView> {
    return this.viewWithRejections(await this.owned(actor, id));
  }

  /** The policy with who chose each coverage it rejects (issue 26): what the review-and-sign screen lists. */
  private async viewWithRejections(row: PolicyRow): Promise<PolicyView> {
    const view = policyView(row);
    const rejections = await this.rejections.forQuote(row.quoteId, row.coverage, row.createdAt);
    return rejections.length ? { ...view, rejections } : view;
  }

  /**
   * The caller's policy (or the customer's, for staff acting for them), or one shared with them
   * whose role allows `need` (PolicyAccess, issue 27: 403 HOUSEHOLD_ROLE_FORBIDDEN when it does
   * not); 404 for anyone else's.
   */
  async owned(actor: SignedInActor, id: string, need: PolicyNeed = 'view'): Promise<PolicyRow> {
    const row = await this.access.policyFor(actor.userId, id, need);
    if (!row) throw new PolicyException(PolicyErrorCode.NotFound);
    return row;
  }

  /**
   * The caller's policy, for a write that needs `need`: staff acting for the customer pass the
   * licence rule first (AgentLicenceService.assertMayActOnPolicy, issue 30), before anything is changed.
   */
  async actOn(actor: SignedInActor, id: string, need: PolicyNeed): Promise<PolicyRow> {
    const row = await this.owned(actor, id, need);
    await this.licences.assertMayActOnPolicy(actor, row);
    return row;
  }

  /**
   * A document for the policy's owner, staff acting for them, an admin, or the agent who sold
   * it; anyone else is told there is no such policy.
   */
  async document(actor: SignedInActor, id: string, kind: PolicyDocument, locale?: Locale): Promise<{ pdf: Buffer; fileName: string }> {
    let row = await this.access.policyFor(actor.userId, id, 'view');
    if (!row && !actor.staff && (actor.role === 'admin' || actor.role === 'agent')) {
      const found = await this.policies.findById(id);
      if (found && StaffScope.of(actor).covers(found.producerId)) row = found;
    }
    if (!row) throw new PolicyException(PolicyErrorCode.NotFound);
    if (kind === 'id-card' && row.status === 'pending-confirmation') throw new PolicyException(PolicyErrorCode.NotBound);
    // After the last covered day the ID card would be shown as proof of cover it no longer is:
    // refused, not served marked (a printed card outlives any mark we could put on it).
    if (kind === 'id-card' && row.cancellationDate && row.cancellationDate < stateDay(this.clock.now(), row.state))
      throw new PolicyException(PolicyErrorCode.CoverEnded, { lastDay: row.cancellationDate });
    if (kind === 'cancellation-notice' && row.status !== 'cancelled') throw new PolicyException(PolicyErrorCode.NotCancelled);
    const view = policyView(row);
    const language = locale ?? row.locale;
    if (actor.staff || row.userId !== actor.userId) await this.audit.record(actor, `policy.document.${kind}`, { target: row.number });
    // A cancelled policy's declarations state its cancellation's reason too.
    const notice = row.status === 'cancelled' && kind !== 'id-card' ? await this.noticeFacts(row) : undefined;
    return { pdf: await this.documents.render(kind, view, language, notice), fileName: this.documents.fileName(kind, view, language) };
  }

  /**
   * The customer's own review and signature of a policy staff bought for them: the first
   * month charged to the card staff saved, then the policy bound. The customer's alone.
   */
  async confirm(actor: SignedInActor, id: string, key: string, body: ConfirmPolicyDto): Promise<PolicyView> {
    if (actor.staff) throw new PolicyException(PolicyErrorCode.ConfirmationByCustomer);
    const signature = customerSignature(body.agreeToTerms, body.signatureName);
    // Signing the policy is the first named insured's alone (issue 27).
    const row = await this.owned(actor, id, 'owner');
    const chargeKey = `${CONFIRMATION}:${row.id}:${key}`;
    if (row.status !== 'pending-confirmation') {
      // The same confirmation asked again answers the policy it bound.
      const earlier = await this.payments.findByKey(chargeKey);
      if (earlier && earlier.id === row.firstChargeId) return this.viewWithRejections(row);
      throw new PolicyException(PolicyErrorCode.NotPending);
    }
    // A coverage staff turned down is not the named insured's written rejection until they see
    // and sign it (issue 26): each is acknowledged here, or nothing is charged.
    const toSign = unsignedRejections(await this.rejections.forQuote(row.quoteId, row.coverage, row.createdAt));
    const acknowledged = new Set(body.acknowledgedRejections ?? []);
    const unacknowledged = toSign.filter((coverage) => !acknowledged.has(coverage));
    if (unacknowledged.length)
      throw new PolicyException(PolicyErrorCode.RejectionNotAcknowledged, { coverages: unacknowledged, fields: { acknowledgedRejections: 'required' } });
    // The agent who sold it must still be licensed in its state when it binds, checked before
    // the card is charged (issue 15).
    await this.licences.ensureLicensed(row.producerId, row.state);
    if (!underwritingComplete(row)) throw new PolicyException(PolicyErrorCode.UnderwritingIncomplete);
    const outcome = await this.payments.chargeSavedMethod({
      idempotencyKey: chargeKey,
      userId: row.userId,
      amountCents: row.baseRateCents,
      description: `Meterly policy ${row.number}`,
      purpose: CONFIRMATION,
      reference: row.id,
    });
    // The customer is not asked for the card here, so a bank that wants them to confirm it is a decline.
    if (outcome.status !== 'succeeded') throw chargeRefusal(outcome);

    // The charge row, then the policy row, locked: a cancellation that committed first is seen
    // here, and one that comes after finds the policy bound (it waits for this lock).
    const bound = await this.txHost.withTransaction(async () => {
      const charge = await this.payments.lock(outcome.charge.id);
      const current = (await this.policies.lock(row.id))!;
      if (charge.usedFor) return { policy: current, fresh: false };
      if (current.status !== 'pending-confirmation' || charge.refundedAt) return { policy: current, fresh: false, unbound: true };
      const today = stateDay(this.clock.now(), current.state);
      const effectiveDate = current.effectiveDate < today ? today : current.effectiveDate;
      const policy = await this.policies.bind(row.id, {
        signatureName: signature,
        signedAt: this.clock.now(),
        firstChargeId: charge.id,
        paymentMethodId: charge.paymentMethodId,
        effectiveDate,
        termEndDate: addMonths(effectiveDate, TERM_MONTHS),
        billingDay: billingDayOf(effectiveDate),
      });
      await this.payments.markUsed(charge.id, `policy:${policy.id}`);
      await this.users.nameIfNone(policy.userId, namedInsuredName(policy));
      // Signed with the policy: a rejection with no record yet (a sale from before records were kept) gets one first.
      await this.rejections.completeForPurchase(policy.quoteId, policy.coverage, { staffUserId: policy.staffUserId ?? undefined }, policy.createdAt);
      await this.rejections.sign(policy.quoteId, toSign, this.clock.now());
      return { policy, fresh: true };
    });
    if ('unbound' in bound) {
      // Cancelled while the card was charged: the money goes back before we answer.
      await this.payments.refundUnused(outcome.charge.id, 'policy-not-pending-after-charge');
      throw new PolicyException(bound.policy.status === 'cancelled' ? PolicyErrorCode.Cancelled : PolicyErrorCode.NotPending);
    }
    if (bound.fresh) await this.notify.welcome(bound.policy, outcome.charge);
    return this.viewWithRejections(bound.policy);
  }

  /**
   * Cancels on the day chosen (today to the end of the term), with no fee: pay-per-mile has no
   * long-term contract. Coverage ends at the end of that day and the policy no longer renews.
   */
  async cancel(actor: SignedInActor, id: string, body: CancelPolicyDto): Promise<PolicyView> {
    // Cancelling is the first named insured's alone (issue 27): a household member is refused.
    const row = await this.actOn(actor, id, 'owner');
    if (row.status === 'cancelled') throw new PolicyException(PolicyErrorCode.Cancelled);
    // Today in the policy's state: a cancellation never reaches back into a day already covered.
    const today = stateDay(this.clock.now(), row.state);
    if (body.date < today || body.date > row.termEndDate) throw new PolicyException(PolicyErrorCode.CancelDateInvalid, { fields: { date: 'out-of-range' } });
    const reason = body.reason?.trim() || 'customer-request';
    const cancelled = await this.txHost.withTransaction(async () => {
      const done = await this.policies.cancel(row.id, { at: this.clock.now(), date: body.date, reason });
      if (done)
        await this.cancellations.record(done.id, {
          askedBy: actor.staff ? 'staff' : 'customer',
          staffEmail: actor.staff?.email ?? null,
          reason,
          at: this.clock.now(),
        });
      return done;
    });
    if (!cancelled) throw new PolicyException(PolicyErrorCode.Cancelled);
    // A confirmation charged while this cancelled: the cancellation committed first, so no
    // binding can use that charge any more, and it goes back (refundUnused never touches a used one).
    if (!cancelled.boundAt) await this.refundConfirmations(cancelled.id);
    await this.notify.cancelled(cancelled, await this.noticeFacts(cancelled));
    return policyView(cancelled);
  }

  /**
   * What cancelling on `date` would come to (billing's final statement for that day, with the
   * miles in so far), asked before confirming; for a cancelled policy, its own day's figure.
   */
  async cancellationQuote(actor: SignedInActor, id: string, date: string | undefined): Promise<CancellationQuote | null> {
    const row = await this.owned(actor, id, 'owner');
    if (!row.boundAt) throw new PolicyException(PolicyErrorCode.NotBound);
    if (row.cancellationDate) {
      if (date !== undefined && date !== row.cancellationDate) throw new PolicyException(PolicyErrorCode.Cancelled);
      return (await this.figures.quote(row, row.cancellationDate)) ?? null;
    }
    const today = stateDay(this.clock.now(), row.state);
    if (date === undefined || date < today || date > row.termEndDate)
      throw new PolicyException(PolicyErrorCode.CancelDateInvalid, { fields: { date: 'out-of-range' } });
    return (await this.figures.quote(row, date)) ?? null;
  }

  /** The cancellation notice's facts: who asked and why, and what it comes to (the final statement's lines once made). */
  private async noticeFacts(row: PolicyRow): Promise<CancellationNotice> {
    const record = await this.cancellations.find(row.id);
    return {
      askedBy: record?.askedBy ?? null,
      staffEmail: record?.staffEmail ?? null,
      reason: record?.reason ?? null,
      recordedAt: record?.recordedAt.toISOString() ?? null,
      quote: (await this.figures.quote(row, row.cancellationDate!)) ?? null,
    };
  }

  /** Gives back every confirmation charge of a policy that paid for nothing. */
  private async refundConfirmations(policyId: string): Promise<void> {
    for (const charge of await this.payments.findByReference(CONFIRMATION, policyId)) {
      if (charge.status === 'succeeded' && !charge.usedFor && !charge.refundedAt)
        await this.payments.refundUnused(charge.id, 'policy-cancelled-before-binding');
    }
  }

  /** The policies an agent sold (an admin: every staff sale), with their status. */
  async soldBy(actor: Actor): Promise<SoldPolicyView[]> {
    const rows = await this.policies.listSoldBy(StaffScope.of(actor));
    const shared = await this.vins.sharedVins(rows.map((row) => row.id));
    return rows.map((row) => ({ ...policyView(row), customerEmail: row.customerEmail, seller: row.seller, sharedVins: shared.get(row.id) ?? [] }));
  }
}
