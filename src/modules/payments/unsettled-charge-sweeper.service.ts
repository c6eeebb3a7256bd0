import { Injectable, Logger, OnModuleInit } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { JobQueue } from '../jobs';
import { PaymentsService } from './payments.service';

/**
 * How long a charge may stay without an outcome before the sweeper asks the gateway. A charge
 * settles within seconds; a customer's retry after a crash or a reload comes within minutes; a
 * Stripe search finds a PaymentIntent within about a minute. It is half the unused-charge
 * deadline (policy/unused-charge-sweeper.ts), so a charge settled here and used by nothing is
 * given back by that sweeper's later runs.
 */
export const UNSETTLED_CHARGE_DEADLINE_MS = 15 * 60_000;
/** A run's share: the cron comes back every five minutes for the rest. */
const BATCH = 100;

/**
 * Issue 30, item 10b: a sandbox charge left pending by a crash was settled only if the customer
 * retried with its key. Every five minutes this asks the gateway what became of each charge still
 * without an outcome past the deadline, and records it (PaymentsService.settleAbandoned): a
 * charge made is recorded as made (then refunded if nothing uses it), one never made is over.
 */
@Injectable()
export class UnsettledChargeSweeper implements OnModuleInit {
  private readonly logger = new Logger(UnsettledChargeSweeper.name);

  constructor(
    private readonly jobs: JobQueue,
    private readonly clock: Clock,
    private readonly payments: PaymentsService,
  ) {}

  onModuleInit(): void {
    this.jobs.register('payments.settle-unsettled', () => this.sweep().then(() => undefined), { retryLimit: 1, cron: '*/5 * * * *' });
  }

  /** Settles the charges left without an outcome past the deadline, a bounded batch a run: answers how many. */
  async sweep(): Promise<number> {
    const before = new Date(this.clock.now().getTime() - UNSETTLED_CHARGE_DEADLINE_MS);
    let settled = 0;
    for (const charge of await this.payments.listUnsettled(before, BATCH)) {
      try {
        if (await this.payments.settleAbandoned(charge.id)) settled++;
      } catch (error) {
        // The next run asks again; one failing question does not stop the others.
        this.logger.error({ err: error, chargeId: charge.id }, 'Could not settle a charge left without an outcome');
      }
    }
    return settled;
  }
}
