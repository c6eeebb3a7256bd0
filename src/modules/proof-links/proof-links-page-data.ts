import { Injectable, type OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { stateDay } from '../../shared/dates/state-day';
import { policyDocuments } from '../../shared/policy/policy-documents';
import { customerPolicies, PoliciesService } from '../policy';
import { PageDataRegistry } from '../ssr';
import { ProofLinksService } from './proof-links.service';

/**
 * Each policy's live share-proof links, read on the server with My account (issue 29: the page
 * complete in one answer), as GET /api/policies/:id/proof-links answers them, for every policy
 * whose card offers them (one with an ID card today, as the page draws it).
 */
@Injectable()
export class ProofLinksPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly policies: PoliciesService,
    private readonly links: ProofLinksService,
    private readonly clock: Clock,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async (context) => {
      const now = this.clock.now();
      const shown = (await customerPolicies(context, this.policies)).filter(({ view }) => policyDocuments(view, stateDay(now, view.state)).includes('id-card'));
      return Promise.all(shown.map(async ({ row, view }) => [['proof-links', view.id], await this.links.listOf(row.id)] as const));
    });
  }
}
