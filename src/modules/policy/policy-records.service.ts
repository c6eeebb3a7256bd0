import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../common/clock/clock';
import { addDays } from '../../shared/dates/iso-day';
import { mayReinstate } from '../../shared/policy/reinstatement';
import { coverGaps, type CoverGap } from '../../shared/policy/timeline';
import { AgentLicenceService } from '../agent';
import { CancellationRepository } from './cancellation.repository';
import { PolicyAccess } from './household/policy-access';
import { PolicyRepository, type PolicyRow } from './policy.repository';
import { PolicyTimeline } from './timeline/policy-timeline.service';
import { PolicyTransactionRepository } from './timeline/policy-transaction.repository';
import type { TermsChange } from '../../shared/billing/terms-timeline';
import type { PolicyNeed } from '../../shared/policy/household-model';
import type { Actor } from '../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/**
 * The policies table as other modules may use it: billing and miles (whose cars take miles)
 * read policies through these calls. Billing's own settings on the row (billing day and anchors,
 * mileage budget, the periods its notices were sent for) are written by billing's
 * BillingSettingsRepository, every other column by the policy module.
 */
@Injectable()
export class PolicyRecords {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly policies: PolicyRepository,
    private readonly timeline: PolicyTimeline,
    private readonly events: PolicyTransactionRepository,
    private readonly licences: AgentLicenceService,
    private readonly cancellations: CancellationRepository,
    private readonly access: PolicyAccess,
  ) {}

  /**
   * Billing's notice of cancellation for non-payment (issue 26): booked on the timeline, cover
   * ending at the start of `day`, under the policy's lock. Undefined when the policy is not in
   * force or a notice already stands (nothing to send again).
   */
  noticeNonPayment(id: string, day: string): Promise<PolicyRow | undefined> {
    return this.txHost.withTransaction(async () => {
      const policy = await this.policies.lock(id);
      if (!policy || policy.status !== 'active' || policy.cancellationDate) return undefined;
      return (await this.timeline.bookLapse(policy, day)) ? this.policies.findById(id) : undefined;
    });
  }

  /** Notices of cancellation for non-payment whose day has come. */
  lapsesDue(): Promise<{ policyId: string; day: string }[]> {
    return this.events.lapsesDue(this.clock.now());
  }

  /** The balance is paid: the notice of cancellation for non-payment, if one stands, is withdrawn (true). */
  paidInFull(id: string): Promise<boolean> {
    return this.txHost.withTransaction(async () => {
      const policy = await this.policies.lock(id);
      if (!policy || policy.status !== 'active' || policy.cancellationDate) return false;
      return this.timeline.withdrawLapse(id, this.clock.now());
    });
  }

  /**
   * The notice's day came with the balance unpaid: the policy is cancelled for non-payment, its
   * last covered day the one before, the notice replaced by the cancellation. Undefined when it is
   * no longer in force (cancelled meanwhile) or has no notice standing (paid meanwhile).
   */
  cancelForNonPayment(id: string, day: string): Promise<PolicyRow | undefined> {
    return this.txHost.withTransaction(async () => {
      const policy = await this.policies.lock(id);
      if (!policy || policy.status !== 'active' || policy.cancellationDate) return undefined;
      if (!(await this.timeline.withdrawLapse(id, this.clock.now()))) return undefined;
      const cancelled = await this.policies.cancel(id, { at: this.clock.now(), date: addDays(day, -1), reason: 'non-payment' });
      // The notice of cancellation says whose it was: Meterly's, for non-payment.
      if (cancelled) await this.cancellations.record(id, { askedBy: 'meterly', staffEmail: null, reason: 'non-payment', at: this.clock.now() });
      return cancelled;
    });
  }

  /**
   * Reinstates a policy cancelled for non-payment from `at` (issue 26), under its lock, while the
   * window is open on `day`: undefined when it is not (reinstated already by another request,
   * the window closed, or never cancelled for non-payment).
   */
  reinstate(id: string, change: { at: Date; day: string; madeBy: string; onBehalfBy: string | null }): Promise<PolicyRow | undefined> {
    return this.txHost.withTransaction(async () => {
      const policy = await this.policies.lock(id);
      if (!policy || !mayReinstate(policy, change.day)) return undefined;
      return this.policies.reinstate(id, change);
    });
  }

  /** The policy's lapses a reinstatement ended (its timeline): what claims and billing read cover from. */
  async coverGaps(id: string): Promise<CoverGap[]> {
    return coverGaps(await this.events.list(id));
  }

  /**
   * Before a write another module makes on the policy for `actor` (a reading, a dispute, a
   * claim): staff acting for the customer pass the one licence rule (issue 30), as the policy
   * module's own writes do through PoliciesService.actOn.
   */
  async assertMayAct(actor: Actor, policy: PolicyRow): Promise<void> {
    await this.licences.assertMayActOnPolicy(actor, policy);
  }

  /** The policy's changes of terms in the order they take effect, with the rates before and after each (its timeline, issue 26). */
  appliedChanges(id: string): Promise<TermsChange[]> {
    return this.timeline.termsChanges(id);
  }

  findById(id: string): Promise<PolicyRow | undefined> {
    return this.policies.findById(id);
  }

  /**
   * The policy when this user may do `need` on it (PolicyAccess, issue 27): theirs, or shared with
   * them by a role that allows it. Undefined when they have no access (the caller's own "not
   * found"); 403 HOUSEHOLD_ROLE_FORBIDDEN for a member whose role does not allow `need`.
   */
  findForUser(id: string, userId: string, need: PolicyNeed): Promise<PolicyRow | undefined> {
    return this.access.policyFor(userId, id, need);
  }

  /** The policy when this user is its owner (the first named insured): what the app's trips are sent for. */
  findOwnedBy(id: string, userId: string): Promise<PolicyRow | undefined> {
    return this.policies.findForUser(id, userId);
  }

  listForUser(userId: string): Promise<PolicyRow[]> {
    return this.policies.listForUser(userId);
  }

  /** Bound policies with periods to bill. */
  listBillable(): Promise<PolicyRow[]> {
    return this.policies.listBillable();
  }

  listActive(): Promise<PolicyRow[]> {
    return this.policies.listActive();
  }
}
