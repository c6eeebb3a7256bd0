import { Injectable } from '@nestjs/common';
import { AgentLicenceService } from '../agent/agent-licence.service';
import { PolicyChangeRepository } from './changes/policy-change.repository';
import { PolicyRepository, type PolicyRow } from './policy.repository';
import type { BillingAnchor } from '../../shared/billing/billing-periods';
import type { TermsChange } from '../../shared/billing/terms-timeline';
import type { Actor } from '../session/actor';

/**
 * The policies table as other modules may use it: the policy module is its one writer, and
 * billing (its statement day, budget and reminders) and miles (whose cars take miles) read and
 * change it only through these calls.
 */
@Injectable()
export class PolicyRecords {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly changes: PolicyChangeRepository,
    private readonly licences: AgentLicenceService,
  ) {}

  /**
   * Before a write another module makes on the policy for `actor` (a reading, a dispute, a
   * claim): staff acting for the customer pass the one licence rule (issue 30), as the policy
   * module's own writes do through PoliciesService.actOn.
   */
  async assertMayAct(actor: Actor, policy: PolicyRow): Promise<void> {
    await this.licences.assertMayActOnPolicy(actor, policy);
  }

  /** The changes applied to the policy, in order, with the rates before and after each (issue 16). */
  async appliedChanges(id: string): Promise<TermsChange[]> {
    return (await this.changes.applied(id)).map((c) => ({
      effectiveDate: c.effectiveDate,
      before: { baseRateCents: c.before.baseRateCents, vehicles: c.before.vehicles },
      after: { baseRateCents: c.after.baseRateCents, vehicles: c.after.vehicles },
    }));
  }

  findById(id: string): Promise<PolicyRow | undefined> {
    return this.policies.findById(id);
  }

  /** The policy when it is this user's. */
  findForUser(id: string, userId: string): Promise<PolicyRow | undefined> {
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

  /** Policies whose customer set a monthly mileage budget. */
  withBudgets(): Promise<PolicyRow[]> {
    return this.policies.withBudgets();
  }

  setBillingDay(id: string, day: number, anchors: BillingAnchor[]): Promise<void> {
    return this.policies.setBillingDay(id, day, anchors);
  }

  setMileBudget(id: string, miles: number | null): Promise<void> {
    return this.policies.setMileBudget(id, miles);
  }

  /** Whether this call marked the period's budget alert (false: already sent). */
  markBudgetAlerted(id: string, period: number): Promise<boolean> {
    return this.policies.markBudgetAlerted(id, period);
  }

  /** Whether this call marked the period's missing-miles reminder (false: already sent). */
  markMilesReminded(id: string, period: number): Promise<boolean> {
    return this.policies.markMilesReminded(id, period);
  }
}
