import { HttpStatus, Injectable, Logger } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../../common/clock/clock';
import { DomainException } from '../../../common/errors/domain-exception';
import { addDays, addMonths } from '../../../shared/dates/iso-day';
import { stateDay } from '../../../shared/dates/state-day';
import { TERM_MONTHS } from '../../../shared/policy/policy-model';
import { renewalNoticeDay } from '../../../shared/policy/renewal';
import { eventMoment } from '../../../shared/policy/timeline';
import { AuditService } from '../../audit';
import { PoliciesService } from '../policies.service';
import { PolicyNotifications } from '../policy-notifications.service';
import { policyView } from '../policy-view';
import { PolicyErrorCode, PolicyException } from '../policy.exception';
import { PolicyRepository, type PolicyRow } from '../policy.repository';
import { PolicyTimeline } from '../timeline/policy-timeline.service';
import { PolicyTransactionRepository } from '../timeline/policy-transaction.repository';
import type { PolicyView } from '../../../shared/policy/policy-model';
import type { SignedInActor } from '../../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

/** What one run did, for its log line and the tests. */
export interface RenewalRun {
  offered: string[];
  notRenewed: string[];
  expired: string[];
}

/**
 * Each term's end (issue 26). On the state's notice day before it, the renewal is priced on the
 * rate table in force on its first day and booked on the timeline from then, and the customer
 * is e-mailed the new declarations; one Meterly cannot price (it no longer sells in the state)
 * is not renewed, with its notice. The customer may decline until the term ends; a policy that
 * does not renew expires at its term's end (the expiry booked when that became known, the status
 * set when the day comes). Run daily, after billing, by billing's daily job; every step is
 * idempotent under the policy's lock.
 */
@Injectable()
export class RenewalService {
  private readonly logger = new Logger(RenewalService.name);

  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly policies: PolicyRepository,
    private readonly owned: PoliciesService,
    private readonly events: PolicyTransactionRepository,
    private readonly timeline: PolicyTimeline,
    private readonly notify: PolicyNotifications,
    private readonly audit: AuditService,
  ) {}

  async run(): Promise<RenewalRun> {
    const run: RenewalRun = { offered: [], notRenewed: [], expired: [] };
    for (const listed of await this.policies.listActive()) {
      try {
        const outcome = await this.txHost.withTransaction(() => this.step(listed.id));
        if (outcome) run[outcome.kind].push(outcome.policy.number);
        if (outcome?.kind === 'offered') await this.notify.renewalOffered(outcome.policy, (await this.policies.findAsOf(outcome.policy.id, outcome.renewsAt))!);
        if (outcome?.kind === 'notRenewed') await this.notify.notRenewed(outcome.policy);
        if (outcome?.kind === 'expired') await this.notify.expired(outcome.policy);
      } catch (error) {
        // One policy's failure (a rate table missing for the day) never stops the others'.
        this.logger.error({ err: error, policy: listed.number }, 'renewal step failed');
      }
    }
    return run;
  }

  /**
   * The customer's "don't renew" (or staff's, for them): the renewal offered is withdrawn and the
   * policy expires at its term's end. Asked twice, the second answers the same.
   */
  async decline(actor: SignedInActor, policyId: string): Promise<PolicyView> {
    // Not renewing ends the cover, as cancelling does: the first named insured's alone (issue 27).
    const policy = await this.owned.actOn(actor, policyId, 'owner');
    const declined = await this.txHost.withTransaction(async () => {
      const row = (await this.policies.lock(policy.id))!;
      if (row.status !== 'active' || row.cancellationDate) throw new PolicyException(PolicyErrorCode.NotActive);
      if (!row.autoRenew) return false;
      await this.policies.setAutoRenew(row.id, false);
      const now = this.clock.now();
      for (const event of await this.events.list(row.id))
        if (event.kind === 'renew' && !event.reversed && event.effectiveAt > now) await this.events.reverse(event.id, null, now);
      await this.bookExpiry(row);
      return true;
    });
    const row = (await this.policies.findById(policy.id))!;
    if (declined) {
      await this.audit.record(actor, 'policy.renewal.declined', { target: row.number });
      await this.notify.renewalDeclined(row);
    }
    return policyView(row);
  }

  /** What today asks of one policy, under its lock. */
  private async step(id: string): Promise<{ kind: keyof RenewalRun; policy: PolicyRow; renewsAt: Date } | undefined> {
    const policy = await this.policies.lock(id);
    if (!policy || policy.status !== 'active' || !policy.boundAt || policy.cancellationDate) return undefined;
    const now = this.clock.now();
    const today = stateDay(now, policy.state);
    const termEnd = policy.termEndDate;
    const renewsAt = eventMoment(termEnd, policy.state);
    const booked = (await this.events.list(id)).filter((e) => !e.reversed && e.effectiveDate === termEnd);
    if (today >= termEnd) {
      // The term has ended with no renewal in force (a renewal would have moved the term on).
      if (!(await this.policies.expire(id, addDays(termEnd, -1), now))) return undefined;
      if (!booked.some((e) => e.kind === 'expire')) await this.bookExpiry(policy);
      return { kind: 'expired', policy: (await this.policies.findById(id))!, renewsAt };
    }
    if (today < renewalNoticeDay(termEnd, policy.state) || booked.length) return undefined;
    if (!policy.autoRenew) {
      await this.bookExpiry(policy);
      return undefined;
    }
    const terms = await this.timeline.termsOn(policy, termEnd);
    try {
      const renewed = await this.timeline.priceRenewal(terms, termEnd);
      await this.timeline.bookRenewal(policy, renewed, termEnd, addMonths(termEnd, TERM_MONTHS));
      return { kind: 'offered', policy, renewsAt };
    } catch (error) {
      // Only a refusal of the terms themselves (the state no longer sold, a rule refusing a car or
      // coverage) means Meterly will not renew. Anything else (no rate table yet, the database)
      // is passing: the step fails, is logged, and is tried again by the next run.
      if (!(error instanceof DomainException) || error.status >= HttpStatus.INTERNAL_SERVER_ERROR) throw error;
      // Meterly cannot price the next term: it does not renew, with notice.
      this.logger.warn({ err: error, policy: policy.number }, 'not renewed: the next term cannot be priced');
      await this.policies.setAutoRenew(id, false);
      const { basis, ...kept } = terms;
      await this.events.book({ policyId: id, kind: 'non-renew', effectiveDate: termEnd, effectiveAt: renewsAt, terms: kept, basis });
      await this.bookExpiry(policy);
      return { kind: 'notRenewed', policy: (await this.policies.findById(id))!, renewsAt };
    }
  }

  /** The policy ends at its term's end: the expiry booked on the timeline, so every read from now on says so. */
  private async bookExpiry(policy: PolicyRow): Promise<void> {
    const termEnd = policy.termEndDate;
    const existing = (await this.events.list(policy.id)).find((e) => e.kind === 'expire' && !e.reversed && e.effectiveDate === termEnd);
    if (existing) return;
    const { basis, ...terms } = await this.timeline.termsOn(policy, addDays(termEnd, -1));
    await this.events.book({ policyId: policy.id, kind: 'expire', effectiveDate: termEnd, effectiveAt: eventMoment(termEnd, policy.state), terms, basis });
  }
}
