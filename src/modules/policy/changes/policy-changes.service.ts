import { Injectable } from '@nestjs/common';
import { TransactionHost } from '@nestjs-cls/transactional';
import { Clock } from '../../../common/clock/clock';
import { TooManyRequests } from '../../../common/errors/too-many-requests';
import { termChanges } from '../../../shared/audit/audit-changes';
import { periodContaining } from '../../../shared/billing/billing-periods';
import { changeProration } from '../../../shared/billing/change-proration';
import { stateDay } from '../../../shared/dates/state-day';
import { incidentProblems } from '../../../shared/quote/quote-validation';
import { AgentLicenceService } from '../../agent';
import { AuditService } from '../../audit';
import { invalidAnswers } from '../../quote';
import { RateLimiter } from '../../rate-limit';
import { noteAuditChanges } from '../../session';
import { PoliciesService } from '../policies.service';
import { PolicyNotifications } from '../policy-notifications.service';
import { PolicyErrorCode, PolicyException } from '../policy.exception';
import { PolicyRepository, type PolicyRow } from '../policy.repository';
import { PolicyTimeline } from '../timeline/policy-timeline.service';
import { ChangePricingService } from './change-pricing.service';
import { requestedTerms, sameTerms } from './change-terms';
import { changeWindow, scheduleOf } from './change-window';
import { policyChangeView } from './policy-change-view';
import { PolicyChangeErrorCode, PolicyChangeException } from './policy-change.exception';
import { PolicyChangeRepository, type PolicyChangeRow } from './policy-change.repository';
import { proposalRules, TOO_MANY_PROPOSALS } from './proposal-limits';
import type { ChangeWindow, PolicyChangeRequest, PolicyChangeView } from '../../../shared/policy/policy-change-model';
import type { Actor, SignedInActor } from '../../session';
import type { TransactionalAdapterTypeOrm } from '@nestjs-cls/transactional-adapter-typeorm';

export interface PolicyChanges {
  /** The days a new change may take effect. */
  window: ChangeWindow;
  /** Applied changes and those waiting for the customer, newest first. */
  changes: PolicyChangeView[];
}

/**
 * Changes to an active policy (endorsements): priced against the policy as it is, then confirmed
 * by the customer alone, once, and only while nothing else changed the policy in between.
 */
@Injectable()
export class PolicyChangesService {
  constructor(
    private readonly txHost: TransactionHost<TransactionalAdapterTypeOrm>,
    private readonly clock: Clock,
    private readonly policies: PoliciesService,
    private readonly policyRows: PolicyRepository,
    private readonly changes: PolicyChangeRepository,
    private readonly pricing: ChangePricingService,
    private readonly timeline: PolicyTimeline,
    private readonly notify: PolicyNotifications,
    private readonly audit: AuditService,
    private readonly licences: AgentLicenceService,
    private readonly limiter: RateLimiter,
  ) {}

  async list(actor: SignedInActor, policyId: string): Promise<PolicyChanges> {
    return this.listOf(await this.policies.owned(actor, policyId));
  }

  /** `list` of a policy its caller has already found to be the asker's. */
  async listOf(policy: PolicyRow): Promise<PolicyChanges> {
    const rows = await this.changes.listForPolicy(policy.id);
    const window = this.window(policy);
    // A priced change still waits only while it can be confirmed: against this revision, its date not passed. Booked ones stay, voided ones say so.
    const open = (row: (typeof rows)[number]) =>
      row.status === 'applied' || row.status === 'voided' || (row.baseRevision === policy.revision && row.effectiveDate >= window.earliest);
    return { window, changes: rows.filter(open).map(policyChangeView) };
  }

  async get(actor: SignedInActor, policyId: string, changeId: string): Promise<PolicyChangeView> {
    const policy = await this.policies.owned(actor, policyId);
    const row = await this.changes.findForPolicy(changeId, policy.id);
    if (!row) throw new PolicyChangeException(PolicyChangeErrorCode.NotFound);
    return policyChangeView(row);
  }

  /**
   * Prices a change and keeps it for the customer to confirm; nothing about the policy changes
   * yet. Staff pass the licence rule first, and a move to another state again for that state; a
   * move out of the agent of record's states says so (`releasesAgentOfRecord`). The new price
   * supersedes the one waiting, if any: one priced change at a time (issue 30).
   */
  async price(actor: SignedInActor, policyId: string, request: PolicyChangeRequest): Promise<PolicyChangeView> {
    const policy = await this.policies.actOn(actor, policyId, 'change');
    requireChangeable(policy);
    const window = this.window(policy);
    if (request.effectiveDate < window.earliest || request.effectiveDate > window.latest)
      throw new PolicyChangeException(PolicyChangeErrorCode.DateInvalid, { window, fields: { effectiveDate: 'out-of-range' } });
    if (request.kind === 'add-driver') requireIncidentsOfLookback(request, stateDay(this.clock.now(), policy.state));
    // Priced on the terms of its own day: a change dated before one already booked is out of sequence, and the later one is re-applied on confirming.
    const before = await this.timeline.termsOn(policy, request.effectiveDate);
    const requested = requestedTerms(before, request, await this.timeline.nextVehicleIndex(policy.id));
    if (sameTerms(requested, before)) throw new PolicyChangeException(PolicyChangeErrorCode.NothingChanges);
    const after = await this.pricing.price(requested, request.effectiveDate, { checkCoverage: request.kind === 'coverage' || request.kind === 'address' });
    const period = periodContaining(scheduleOf(policy), request.effectiveDate);
    const proration = changeProration(period, request.effectiveDate, before.baseRateCents, after.baseRateCents);
    const releasesProducerId = (await this.licences.assertMayActOnPolicy(actor, policy, after.state)) === 'released' ? policy.producerId : null;
    if (actor.staff) {
      const limit = await this.limiter.hit(proposalRules(policy.id));
      if (!limit.allowed) throw new TooManyRequests(limit.retryAfterSeconds, TOO_MANY_PROPOSALS);
    }
    const row = await this.txHost.withTransaction(async () => {
      // Under the policy's lock, so two prices at once still leave one waiting (and the index agrees).
      await this.policyRows.lock(policy.id);
      return this.changes.create({
        policyId: policy.id,
        kind: request.kind,
        effectiveDate: request.effectiveDate,
        request,
        baseRevision: policy.revision,
        before,
        after,
        proration,
        proposedBy: actor.staff?.userId ?? null,
        releasesProducerId,
      });
    });
    // The audit entry of staff pricing it says what it changes (issue 26), in facts the admin screen words.
    noteAuditChanges([
      ...termChanges(before, requested),
      ...(before.baseRateCents === after.baseRateCents ? [] : [{ field: 'baseRate' as const, before: before.baseRateCents, after: after.baseRateCents }]),
    ]);
    const view = policyChangeView(row);
    if (actor.staff) await this.notify.changeProposed(policy, view);
    return view;
  }

  /**
   * The customer's confirmation: the policy takes the change's terms from its date, once. The
   * same confirmation again answers the change as applied; a change priced before another
   * landed, or whose date has passed, is refused (409) and must be priced again.
   */
  async confirm(actor: SignedInActor, policyId: string, changeId: string): Promise<PolicyChangeView> {
    if (actor.staff) throw new PolicyChangeException(PolicyChangeErrorCode.ConfirmationByCustomer);
    const owned = await this.policies.owned(actor, policyId, 'change');
    const result = await this.txHost.withTransaction(async () => {
      const policy = await this.policyRows.lock(owned.id);
      const change = await this.changes.findForPolicy(changeId, owned.id, true);
      if (!policy || !change) throw new PolicyChangeException(PolicyChangeErrorCode.NotFound);
      if (change.status === 'applied') return { change, policy, fresh: false };
      requireChangeable(policy);
      const today = changeWindow(policy, this.clock.now()).earliest;
      if (change.status !== 'priced' || change.baseRevision !== policy.revision || change.effectiveDate < today)
        throw new PolicyChangeException(PolicyChangeErrorCode.OutOfDate);
      await this.requireSameAgentOutcome(actor, policy, change);
      if (!(await this.timeline.bookChange(policy, change, actor.userId, this.clock.now()))) throw new PolicyChangeException(PolicyChangeErrorCode.OutOfDate);
      if (change.releasesProducerId) await this.policyRows.releaseProducer(policy.id);
      const applied = await this.changes.markApplied(change.id, this.clock.now());
      await this.changes.supersedeOthers(policy.id, change.id);
      return { change: applied, policy, fresh: true };
    });
    if (result.fresh) {
      await this.audit.record(actor, `policy.change.${result.change.kind}`, { target: result.policy.number });
      const released = result.change.releasesProducerId;
      if (released)
        await this.audit.record(actor, 'policy.agent-of-record.released', {
          target: `${result.policy.number}: ${released}, not licensed in ${result.change.after.state}`,
        });
      // Read again after the commit: the documents say from when they are amended.
      const policy = (await this.policyRows.findById(result.policy.id)) ?? result.policy;
      await this.notify.changed(policy, policyChangeView(result.change));
    }
    return policyChangeView(result.change);
  }

  /**
   * What the customer was told at pricing about their agent of record still holds: a licence
   * granted or lapsed since makes the price stale (409, price again), never a silent surprise.
   */
  private async requireSameAgentOutcome(actor: Actor, policy: PolicyRow, change: PolicyChangeRow): Promise<void> {
    const outcome = await this.licences.assertMayActOnPolicy(actor, policy, change.after.state);
    const releases = outcome === 'released' ? policy.producerId : null;
    if (releases !== change.releasesProducerId) throw new PolicyChangeException(PolicyChangeErrorCode.OutOfDate);
  }

  private window(policy: PolicyRow): ChangeWindow {
    return changeWindow(policy, this.clock.now());
  }
}

/**
 * An added driver's incidents by the quote's rules: real days of the last three years (in the
 * policy's state), none in the future, at most ten; a 400 naming each one (`driver.incidents.0.date`).
 */
function requireIncidentsOfLookback(request: PolicyChangeRequest, today: string): void {
  const problems = Object.entries(incidentProblems(request.driver!.incidents, today));
  if (problems.length) throw invalidAnswers(Object.fromEntries(problems.map(([path, problem]) => [`driver.${path}`, problem])));
}

function requireChangeable(policy: PolicyRow): void {
  if (policy.status !== 'active' || !policy.boundAt || policy.cancellationDate) throw new PolicyException(PolicyErrorCode.NotActive);
}
