import { Injectable, type OnModuleInit } from '@nestjs/common';
import { accessAllows, type HouseholdRole } from '../../shared/policy/household-model';
import { PageDataRegistry, type PageDataContext } from '../ssr';
import { PolicyChangesService } from './changes/policy-changes.service';
import { PoliciesService } from './policies.service';
import type { PolicyView } from '../../shared/policy/policy-model';
import type { PolicyRow } from './policy.repository';

/**
 * The customer's policies, each as GET /api/policies answers it (`view`) with its row, read once
 * per render for every loader that needs them: the row is the customer's own, as
 * PoliciesService.owned would find it, so no block reads it again.
 */
export function customerPolicies(context: PageDataContext, policies: PoliciesService): Promise<{ row: PolicyRow; view: PolicyView }[]> {
  return context.once('policies', () => policies.listWithRows(context.actor));
}

/**
 * The policies shared with the customer (issue 27), each with their role, as GET /api/policies/:id
 * answers it, read once per render: through PolicyAccess, so a membership removed is not read.
 */
export function sharedPolicies(context: PageDataContext, policies: PoliciesService): Promise<{ row: PolicyRow; view: PolicyView; role: HouseholdRole }[]> {
  return context.once('shared-policies', () => policies.sharedWithRows(context.actor));
}

/** Whether /profile shows a policy's changes (PolicyChangesPanel: active, bound, not being cancelled). */
const changeable = (policy: PolicyView) => policy.status === 'active' && Boolean(policy.boundAt) && !policy.cancellationDate;

/**
 * My account's policies and each active one's changes, read on the server with the page (issue
 * 29), as GET /api/policies and GET /api/policies/:id/changes answer them; each policy shared
 * with the customer (GET /api/policies/:id, key ['shared-policy', id]), and its changes when their
 * role makes them (issue 27: the shared card shows what the role allows).
 */
@Injectable()
export class PolicyPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly policies: PoliciesService,
    private readonly changes: PolicyChangesService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async (context) => {
      const [list, shared] = await Promise.all([customerPolicies(context, this.policies), sharedPolicies(context, this.policies)]);
      const changed = [...list, ...shared.filter(({ role }) => accessAllows(role, 'change'))].filter(({ view }) => changeable(view));
      const changes = await Promise.all(changed.map(async ({ row, view }) => [['policy-changes', view.id, 0], await this.changes.listOf(row)] as const));
      return [[['policies'], list.map(({ view }) => view)], ...shared.map(({ view }) => [['shared-policy', view.id], view] as const), ...changes];
    });
  }
}
