import { Injectable, type OnModuleInit } from '@nestjs/common';
import { PageDataRegistry, type PageDataContext } from '../ssr';
import { PolicyChangesService } from './changes/policy-changes.service';
import { PoliciesService } from './policies.service';
import type { PolicyView } from '../../shared/policy/policy-model';

/** The customer's policies as GET /api/policies answers, read once per render for every loader that needs them. */
export function customerPolicies(context: PageDataContext, policies: PoliciesService): Promise<PolicyView[]> {
  return context.once('policies', () => policies.list(context.actor));
}

/** Whether /profile shows a policy's changes (PolicyChangesPanel: active, bound, not being cancelled). */
const changeable = (policy: PolicyView) => policy.status === 'active' && Boolean(policy.boundAt) && !policy.cancellationDate;

/**
 * My account's policies and each active one's changes, read on the server with the page (issue
 * 29), as GET /api/policies and GET /api/policies/:id/changes answer them.
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
      const list = await customerPolicies(context, this.policies);
      const changes = await Promise.all(
        list.filter(changeable).map(async (policy) => [['policy-changes', policy.id, 0], await this.changes.list(context.actor, policy.id)] as const),
      );
      return [[['policies'], list], ...changes];
    });
  }
}
