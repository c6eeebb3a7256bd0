import { Injectable, type OnModuleInit } from '@nestjs/common';
import { MilesService } from '../miles';
import { customerPolicies, PoliciesService, sharedPolicies, type PolicyRow } from '../policy';
import { PageDataRegistry } from '../ssr';
import { BillingService } from './billing.service';
import { statementViews } from './policy-billing.controller';
import type { PolicyView } from '../../shared/policy/policy-model';

/** Whether /profile shows a policy's miles and billing (PolicyCard: bound, not waiting for the customer's signature). */
const billed = (policy: PolicyView) => Boolean(policy.boundAt) && policy.status !== 'pending-confirmation';

/**
 * My account's miles and billing block per policy, read on the server with the page (issue 29):
 * what the block's loadBilling gathers from six routes (the summary, then the statements, each
 * car's miles, the disputes, the readings and the trips of the summary's period), each as its
 * route answers. A policy whose reads fail is left to the browser, which asks as before. The
 * policies shared with the customer too (issue 27): every role sees the block.
 */
@Injectable()
export class BillingPageData implements OnModuleInit {
  constructor(
    private readonly registry: PageDataRegistry,
    private readonly billing: BillingService,
    private readonly policies: PoliciesService,
    private readonly miles: MilesService,
  ) {}

  onModuleInit(): void {
    this.registry.register('profile', async (context) => {
      const [own, shared] = await Promise.all([customerPolicies(context, this.policies), sharedPolicies(context, this.policies)]);
      const list = [...own, ...shared].filter(({ view }) => billed(view));
      const blocks = await Promise.all(list.map(({ row, view }) => this.block(row, view).catch(() => undefined)));
      return blocks.filter((block) => block !== undefined);
    });
  }

  private async block(row: PolicyRow, policy: PolicyView) {
    const [summary, statements] = await Promise.all([this.billing.summary(row), this.billing.statementsWithMaximum(row)]);
    // The period's days as the API writes them (the browser asks for the days with these).
    const { from, to } = (JSON.parse(JSON.stringify(summary)) as { period: { from: string; to: string } }).period;
    // The row read once with the list (the routes each look it up again for their own request).
    const [{ days, trips }, disputes, readings] = await Promise.all([
      this.miles.daysAndTripsOf(row, from, to),
      this.miles.disputesOf(row),
      this.miles.readingsOf(row),
    ]);
    return [['billing', policy.id, policy.cancellationDate], { summary, statements: statementViews(statements), days, disputes, readings, trips }] as const;
  }
}
