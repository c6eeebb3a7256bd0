import { Injectable } from '@nestjs/common';
import { accessAllows, type HouseholdRole, type PolicyAccessLevel, type PolicyNeed } from '../../../shared/policy/household-model';
import { noteHouseholdOwner } from '../../session';
import { UsersService } from '../../users';
import { PolicyRepository, type PolicyRow } from '../policy.repository';
import { HouseholdErrorCode, HouseholdException } from './household.exception';
import { HouseholdRepository } from './household.repository';

/**
 * The one rule of who may do what on a policy (issue 27): its owner everything; a household
 * member what their role allows; anyone else nothing, told there is no such policy. Every route
 * that loads a policy for its caller comes here (PoliciesService.owned/actOn for the policy's own
 * routes, billing's and proof links'; PolicyRecords.findForUser for claims and miles), checked on
 * every request: a removed member is refused on their next one.
 */
@Injectable()
export class PolicyAccess {
  constructor(
    private readonly policies: PolicyRepository,
    private readonly household: HouseholdRepository,
    private readonly users: UsersService,
  ) {}

  /** What `userId` holds on the policy: 'owner', a member's role, or undefined (none). */
  async access(userId: string, policyId: string): Promise<PolicyAccessLevel | undefined> {
    return (await this.find(userId, policyId))?.access;
  }

  /**
   * The policy when `userId` may do `need` on it; undefined when they have no access at all (the
   * route's own "not found"); 403 HOUSEHOLD_ROLE_FORBIDDEN for a member whose role does not allow
   * it. A member's request is noted for its audit entries: the member acts, the owner is the customer.
   */
  async policyFor(userId: string, policyId: string, need: PolicyNeed): Promise<PolicyRow | undefined> {
    const found = await this.find(userId, policyId);
    if (!found) return undefined;
    if (found.access === 'owner') return found.row;
    if (!accessAllows(found.access, need)) throw new HouseholdException(HouseholdErrorCode.RoleForbidden, { role: found.access });
    const owner = await this.users.findById(found.row.userId);
    if (owner) noteHouseholdOwner({ id: owner.id, email: owner.email });
    return found.row;
  }

  /**
   * The policies shared with `userId` that stand today, each with their role: what My account
   * shows as shared cards (issue 27). Each is found by the same rule as any request of theirs,
   * so a removed membership is not listed.
   */
  async sharedWith(userId: string): Promise<{ row: PolicyRow; role: HouseholdRole }[]> {
    const memberships = await this.household.listForMember(userId);
    const found = await Promise.all(memberships.map((m) => this.find(userId, m.policyId)));
    return found.flatMap((f) => (f && f.access !== 'owner' ? [{ row: f.row, role: f.access }] : []));
  }

  private async find(userId: string, policyId: string): Promise<{ row: PolicyRow; access: PolicyAccessLevel } | undefined> {
    const owned = await this.policies.findForUser(policyId, userId);
    if (owned) return { row: owned, access: 'owner' };
    const role = await this.household.roleOf(policyId, userId);
    if (!role) return undefined;
    const row = await this.policies.findById(policyId);
    return row && { row, access: role };
  }
}
