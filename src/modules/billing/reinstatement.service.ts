import { Injectable } from '@nestjs/common';
import { Clock } from '../../common/clock/clock';
import { nextDay } from '../../shared/dates/iso-day';
import { stateDay } from '../../shared/dates/state-day';
import { lastReinstatementDay, mayReinstate } from '../../shared/policy/reinstatement';
import { PolicyErrorCode, PolicyException, PolicyRecords, type PolicyRow } from '../policy';
import { BillingNotifications } from './billing-notifications.service';
import { BillingService } from './billing.service';
import { NonPaymentService } from './non-payment.service';
import type { SignedInActor } from '../session';

/** What reinstating a policy cancelled for non-payment asks, while it may be. */
export interface ReinstatementOffer {
  /** The first day without cover, and the last day the policy may be reinstated on. */
  coverEndedOn: string;
  lastDay: string;
  /** What is owed, charged to the current card on reinstating. */
  amountCents: number;
}

/**
 * Reinstatement after a cancellation for non-payment (issue 26): within REINSTATEMENT_DAYS of the
 * last covered day, the customer (or staff for them) pays what is owed and states that nothing
 * happened to the cars since; cover resumes from that moment, the time between a lapse the
 * documents, claims and the next statement all read from the timeline. The charge comes first:
 * declined, nothing changes; paid, the policy is reinstated under its lock, so a second tab or a
 * retry finds it in force (or its payment still going through) and is told so.
 */
@Injectable()
export class ReinstatementService {
  constructor(
    private readonly clock: Clock,
    private readonly policies: PolicyRecords,
    private readonly billing: BillingService,
    private readonly nonPayment: NonPaymentService,
    private readonly notify: BillingNotifications,
  ) {}

  /** The offer standing today, or undefined. */
  async offer(policy: PolicyRow): Promise<ReinstatementOffer | undefined> {
    if (!mayReinstate(policy, stateDay(this.clock.now(), policy.state))) return undefined;
    const cancellationDate = policy.cancellationDate!;
    return {
      coverEndedOn: nextDay(cancellationDate),
      lastDay: lastReinstatementDay(cancellationDate),
      amountCents: await this.nonPayment.balanceCents(policy.id),
    };
  }

  async reinstate(actor: SignedInActor, policy: PolicyRow, noLossStatement: boolean): Promise<PolicyRow> {
    const offer = await this.offer(policy);
    if (!offer) throw this.notOffered(policy);
    if (!noLossStatement) throw new PolicyException(PolicyErrorCode.NoLossStatementRequired);
    await this.billing.payBalance(policy);
    // Every statement settled, not only none failed: one another tab is charging may yet decline.
    const { failedCents, pendingCents } = await this.nonPayment.unsettled(policy.id);
    if (failedCents > 0) throw new PolicyException(PolicyErrorCode.ReinstatementUnpaid, { balanceCents: failedCents });
    if (pendingCents > 0) throw new PolicyException(PolicyErrorCode.ReinstatementInProgress);
    const at = this.clock.now();
    const reinstated = await this.policies.reinstate(policy.id, {
      at,
      day: stateDay(at, policy.state),
      madeBy: actor.userId,
      onBehalfBy: actor.staff?.userId ?? null,
    });
    // Another tab (or a retry) reinstated it first, or the window closed meanwhile.
    if (!reinstated) throw this.notOffered((await this.policies.findById(policy.id)) ?? policy);
    await this.notify.reinstated(reinstated, { amountCents: offer.amountCents, at, gapFrom: offer.coverEndedOn });
    return reinstated;
  }

  private notOffered(policy: PolicyRow): PolicyException {
    const closed = policy.status === 'cancelled' && policy.cancellationReason === 'non-payment' && policy.cancellationDate;
    return new PolicyException(PolicyErrorCode.NotReinstatable, closed ? { lastDay: lastReinstatementDay(policy.cancellationDate!) } : undefined);
  }
}
