import { Injectable } from '@nestjs/common';
import { AgentLicenceService } from '../agent';
import { PolicyRepository, type PolicyRow } from './policy.repository';
import { PolicyTimeline } from './timeline/policy-timeline.service';
import type { TermsChange } from '../../shared/billing/terms-timeline';
import type { Actor } from '../session';

/**
 * The policies table as other modules may use it: billing and miles (whose cars take miles)
 * read policies through these calls. Billing's own settings on the row (billing day and anchors,
 * mileage budget, the periods its notices were sent for) are written by billing's
 * BillingSettingsRepository, every other column by the policy module.
 */
@Injectable()
export class PolicyRecords {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly timeline: PolicyTimeline,
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

  /** The policy's changes of terms in the order they take effect, with the rates before and after each (its timeline, issue 26). */
  appliedChanges(id: string): Promise<TermsChange[]> {
    return this.timeline.termsChanges(id);
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
}
