import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs';
import { PaymentsService } from '../payments';
import { CONFIRMATION } from './policies.service';
import { PURCHASE } from './purchase.service';

/**
 * How long a payment for a policy may stay unused before it is given back. A purchase or a
 * confirmation uses its charge within seconds; a retry after a crash or a reload comes within
 * minutes. Past this, nothing will use it (docs/decisions.md, "Hardening (issue 14): money").
 */
export const UNUSED_CHARGE_DEADLINE_MS = 30 * 60_000;
/** A run's share: the cron comes back every five minutes for the rest. */
const BATCH = 200;

/**
 * The safety net under "every charge ends in a bound policy or is refunded": the inline refunds
 * cover every refusal we see (cancelled, closed, repriced), and this covers what nobody saw —
 * a process killed between the charge and the policy, a webhook success that came late.
 */
@Injectable()
export class UnusedChargeSweeper implements OnModuleInit {
  private readonly logger = new Logger(UnusedChargeSweeper.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly payments: PaymentsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register('payments.refund-unused', () => this.sweep().then(() => undefined), { retryLimit: 1, cron: '*/5 * * * *' });
  }

  /** Refunds the policy payments left unused past the deadline, a bounded batch a run: answers how many. */
  async sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNUSED_CHARGE_DEADLINE_MS);
    let refunded = 0;
    for (const charge of await this.payments.listUnused([PURCHASE, CONFIRMATION], before, BATCH)) {
      try {
        if (await this.payments.refundUnused(charge.id, 'unused-past-deadline')) refunded++;
      } catch (error) {
        // The next run tries again; one failing refund does not stop the others.
        this.logger.error({ err: error, chargeId: charge.id }, 'Could not refund an unused charge');
      }
    }
    return refunded;
  }
}
